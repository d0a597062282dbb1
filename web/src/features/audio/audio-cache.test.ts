import type { TAudio } from '@stagepass/contract/audio';
import { describe, expect, it } from 'vitest';
import { flattenAudioPages, hasProcessingAudio, patchAudioInData, readNextAudioPage } from './audio-cache';

const track = (audioId: string, status: TAudio['audio_asset']['status'] = 'ready') =>
  ({ audioId, title: audioId, audio_asset: { status } }) as TAudio;

describe('patchAudioInData', () => {
  it('takes a track out of every page of an infinite list', () => {
    const data = {
      pages: [
        { success: true, audios: [track('a'), track('b')], nextPage: 'x' },
        { success: true, audios: [track('c')], nextPage: null },
      ],
      pageParams: ['0', 'x'],
    };
    const patched = patchAudioInData(data, 'b', () => null) as typeof data;
    expect(patched.pages.map((page) => page.audios.map((audio) => audio.audioId))).toEqual([['a'], ['c']]);
    expect(patched.pageParams).toEqual(['0', 'x']);
  });

  it('changes one track and answers a single track without it as nothing', () => {
    const removed = patchAudioInData({ audio: track('a') }, 'a', () => null);
    expect(removed).toBeUndefined();
    const renamed = patchAudioInData({ audio: track('a') }, 'a', (audio) => ({ ...audio, title: 'New' }));
    expect(renamed).toEqual({ audio: { ...track('a'), title: 'New' } });
  });

  it('leaves other shapes and other tracks as they are', () => {
    const performance = { success: true, performance: { audioId: 'a', plays: 3 } };
    expect(patchAudioInData(performance, 'a', () => null)).toBe(performance);
    expect(patchAudioInData(null, 'a', () => null)).toBeNull();
    expect(patchAudioInData({ audio: track('b') }, 'a', () => null)).toEqual({ audio: track('b') });
  });
});

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
