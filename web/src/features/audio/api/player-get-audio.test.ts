import type { TAudio } from '@stagepass/contract/audio';
import { describe, expect, it } from 'vitest';
import { readAudioRefetchInterval } from './player-get-audio';

describe('reading a track again by itself', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  const withAsset = (status: 'processing' | 'ready', urlsExpireAt: string | null) =>
    ({ audio_asset: { status }, urlsExpireAt }) as TAudio;

  it('happens every few seconds while its audio is processing', () => {
    expect(readAudioRefetchInterval(withAsset('processing', null), now)).toBe(3000);
  });

  it('happens two minutes before its signed addresses expire, at most once a minute, and not at all without any', () => {
    expect(readAudioRefetchInterval(withAsset('ready', '2026-11-26T12:15:00Z'), now)).toBe(13 * 60 * 1000);
    expect(readAudioRefetchInterval(withAsset('ready', '2026-11-26T12:10:00Z'), now)).toBe(8 * 60 * 1000);
    expect(readAudioRefetchInterval(withAsset('ready', '2026-11-26T12:02:30Z'), now)).toBe(60_000);
    expect(readAudioRefetchInterval(withAsset('ready', null), now)).toBe(false);
  });
});
