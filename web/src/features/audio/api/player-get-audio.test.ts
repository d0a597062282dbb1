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

  it('happens ten minutes before its signed addresses expire, and not at all without any', () => {
    expect(readAudioRefetchInterval(withAsset('ready', '2026-11-26T14:00:00Z'), now)).toBe(110 * 60 * 1000);
    expect(readAudioRefetchInterval(withAsset('ready', '2026-11-26T12:05:00Z'), now)).toBe(60_000);
    expect(readAudioRefetchInterval(withAsset('ready', null), now)).toBe(false);
  });
});
