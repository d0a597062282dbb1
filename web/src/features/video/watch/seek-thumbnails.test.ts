import { describe, expect, it } from 'vitest';
import { findThumbnailAt, parseThumbnailCues } from './seek-thumbnails';

const VTT_URL = '/media/folder/1795000000.public.sig/AbCdEfGhIjKlMnOpQrSt/hls/thumbnails.vtt';
// As the server's writeThumbnailCues writes them: 2-s frames 160×90 in a sprite of 10 columns.
const VTT = [
  'WEBVTT',
  '',
  '00:00:00.000 --> 00:00:02.000',
  'thumbnails.jpg#xywh=0,0,160,90',
  '',
  '00:00:02.000 --> 00:00:04.000',
  'thumbnails.jpg#xywh=160,0,160,90',
  '',
  '01:00:04.000 --> 01:00:05.500',
  'thumbnails.jpg#xywh=0,90,160,90',
  '',
].join('\n');

describe('the seek bar thumbnail strip', () => {
  it("reads each cue's time span and rectangle, with the sprite under the cues' own folder token", () => {
    const cues = parseThumbnailCues(VTT, VTT_URL, 'https://stagepass.example');
    expect(cues).toEqual([
      {
        start: 0,
        end: 2,
        spriteUrl: VTT_URL.replace('thumbnails.vtt', 'thumbnails.jpg'),
        x: 0,
        y: 0,
        width: 160,
        height: 90,
      },
      {
        start: 2,
        end: 4,
        spriteUrl: VTT_URL.replace('thumbnails.vtt', 'thumbnails.jpg'),
        x: 160,
        y: 0,
        width: 160,
        height: 90,
      },
      {
        start: 3604,
        end: 3605.5,
        spriteUrl: VTT_URL.replace('thumbnails.vtt', 'thumbnails.jpg'),
        x: 0,
        y: 90,
        width: 160,
        height: 90,
      },
    ]);
  });

  it('skips what is not a frame cue, and reads CRLF files', () => {
    const messy =
      'WEBVTT\r\n\r\nNOTE made elsewhere\r\n\r\n00:01.000 --> 00:02.000\r\nsprite.jpg#xywh=1,2,3,4\r\n\r\n00:02.000 --> 00:03.000\r\nno rectangle here\r\n';
    const cues = parseThumbnailCues(messy, '/a/b/thumbnails.vtt', 'https://stagepass.example');
    expect(cues).toEqual([
      { start: 1, end: 2, spriteUrl: '/a/b/sprite.jpg', x: 1, y: 2, width: 3, height: 4 },
    ]);
  });

  it('finds the frame of a moment, the last one past the end, none before the start', () => {
    const cues = parseThumbnailCues(VTT, VTT_URL, 'https://stagepass.example');
    expect(findThumbnailAt(cues, 0)?.x).toBe(0);
    expect(findThumbnailAt(cues, 2.5)?.x).toBe(160);
    expect(findThumbnailAt(cues, 9000)?.y).toBe(90);
    expect(findThumbnailAt(cues, -1)).toBeUndefined();
    expect(findThumbnailAt([], 3)).toBeUndefined();
  });
});
