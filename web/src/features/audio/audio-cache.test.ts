import type { TAudio } from '@stagepass/contract/audio';
import { describe, expect, it } from 'vitest';
import { flattenAudioPages, hasProcessingAudio, readNextAudioPage } from './audio-cache';

const track = (audioId: string, status: TAudio['audio_asset']['status'] = 'ready') =>
  ({ audioId, title: audioId, audio_asset: { status } }) as TAudio;

describe('flattenAudioPages', () => {
  it('keeps each track once, in page order', () => {
    const pages = [{ audios: [track('a'), track('b')] }, { audios: [track('b'), track('c')] }];
    expect(flattenAudioPages(pages).map((audio) => audio.audioId)).toEqual(['a', 'b', 'c']);
    expect(flattenAudioPages(undefined)).toEqual([]);
  });
});

describe('paging and polling', () => {
  it('reads the next cursor, undefined at the end', () => {
    expect(readNextAudioPage({ nextPage: 'abc' })).toBe('abc');
    expect(readNextAudioPage({ nextPage: null })).toBeUndefined();
  });

  it('polls while a track is processing', () => {
    expect(hasProcessingAudio([track('a'), track('b', 'processing')])).toBe(true);
    expect(hasProcessingAudio([track('a'), track('b', 'failed')])).toBe(false);
  });
});
