import { describe, expect, it } from 'vitest';
import { thumbnailStepOf, writeThumbnailCues } from './thumbnail-strip.ts';

describe('the thumbnail strip', () => {
  it('takes a frame every 2 s, or at most 100 of them', () => {
    expect(thumbnailStepOf(30)).toBe(2);
    expect(thumbnailStepOf(200)).toBe(2);
    expect(thumbnailStepOf(600)).toBe(6);
  });

  it('names each frame’s rectangle in the sprite, row by row, the last until the end', () => {
    const vtt = writeThumbnailCues({
      count: 12,
      step: 2,
      durationSeconds: 23.5,
      tile: { width: 160, height: 90 },
      columns: 10,
    });
    const blocks = vtt.trim().split('\n\n');
    expect(blocks[0]).toBe('WEBVTT');
    expect(blocks.slice(1, 3)).toEqual([
      '00:00:00.000 --> 00:00:02.000\nthumbnails.jpg#xywh=0,0,160,90',
      '00:00:02.000 --> 00:00:04.000\nthumbnails.jpg#xywh=160,0,160,90',
    ]);
    expect(blocks.slice(-2)).toEqual([
      '00:00:20.000 --> 00:00:22.000\nthumbnails.jpg#xywh=0,90,160,90',
      '00:00:22.000 --> 00:00:23.500\nthumbnails.jpg#xywh=160,90,160,90',
    ]);
    expect(
      writeThumbnailCues({
        count: 1,
        step: 6,
        durationSeconds: 3723.25,
        tile: { width: 160, height: 90 },
        columns: 1,
      }),
    ).toContain('00:00:00.000 --> 01:02:03.250');
  });
});
