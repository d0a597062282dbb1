import type { TAudio } from '@stagepass/contract/audio';
import { describe, expect, it } from 'vitest';
import { readAudioRefetchInterval } from './player-get-audio';
import { patchAudioInData } from './player-react-to-audio';

const track = (audioId: string, plays = 0) => ({ audioId, plays }) as TAudio;
const addPlay = (item: TAudio) => ({ ...item, plays: item.plays + 1 });

describe('patching a track in the cache', () => {
  it("patches a track's own answer, and leaves another track's alone", () => {
    expect(patchAudioInData({ success: true, audio: track('a') }, 'a', addPlay)).toEqual({
      success: true,
      audio: track('a', 1),
    });
    const other = { success: true, audio: track('b') };
    expect(patchAudioInData(other, 'a', addPlay)).toBe(other);
  });

  it('patches it in a list page and in every page of a paged list', () => {
    const paged = { pages: [{ audios: [track('a'), track('b')], nextPage: 'x' }, { audios: [track('c')] }] };
    expect(patchAudioInData(paged, 'c', addPlay)).toEqual({
      pages: [{ audios: [track('a'), track('b')], nextPage: 'x' }, { audios: [track('c', 1)] }],
    });
  });

  it('leaves anything else as it is', () => {
    expect(patchAudioInData([0.1, 0.2], 'a', addPlay)).toEqual([0.1, 0.2]);
    expect(patchAudioInData(undefined, 'a', addPlay)).toBeUndefined();
  });
});

describe('reading a track again by itself', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const withAsset = (status: 'processing' | 'ready', urlsExpireAt: string | null) =>
    ({ audio_asset: { status }, urlsExpireAt }) as TAudio;

  it('happens every few seconds while its audio is processing', () => {
    expect(readAudioRefetchInterval(withAsset('processing', null), now)).toBe(3000);
  });

  it('happens ten minutes before its signed addresses expire, and not at all without any', () => {
    expect(readAudioRefetchInterval(withAsset('ready', '2026-11-26T14:00:00Z'), now)).toBe(110 * 60 * 1000);
    expect(readAudioRefetchInterval(withAsset('ready', '2026-11-26T12:05:00Z'), now)).toBe(60_000);
    expect(readAudioRefetchInterval(withAsset('ready', null), now)).toBe(false);
  });
});
