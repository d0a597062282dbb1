import type { TAudio } from '@stagepass/contract/audio';
import { describe, expect, it } from 'vitest';
import { describeDuration, formatDuration, formatTrackLength, toPlayerPath } from './audio-format';

describe('toPlayerPath', () => {
  it('links /{username}/audio/{audioId} with the username’s @, given or not', () => {
    expect(toPlayerPath('@natasha', 'abcdEFGH_-123456')).toBe('/@natasha/audio/abcdEFGH_-123456');
    expect(toPlayerPath('natasha', 'abcdEFGH_-123456')).toBe('/@natasha/audio/abcdEFGH_-123456');
  });
});

describe('durations', () => {
  it('reads like a clock', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(5.4)).toBe('0:05');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(599.6)).toBe('10:00');
    expect(formatDuration(3725)).toBe('1:02:05');
  });

  it('says the length in words for screen readers', () => {
    expect(describeDuration(65)).toBe('1 minute 5 seconds');
    expect(describeDuration(3600)).toBe('1 hour');
    expect(describeDuration(0.2)).toBe('0 seconds');
  });

  it('says where processing stands while there is no length', () => {
    const asset = (status: TAudio['audio_asset']['status'], duration: number | null) =>
      ({ status, duration }) as TAudio['audio_asset'];
    expect(formatTrackLength(asset('processing', null)).text).toBe('Processing…');
    expect(formatTrackLength(asset('failed', null)).text).toBe('Processing failed');
    expect(formatTrackLength(asset('ready', 184))).toEqual({ text: '3:04', label: '3 minutes 4 seconds' });
  });
});
