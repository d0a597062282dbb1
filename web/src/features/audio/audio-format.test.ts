import type { TAudio } from '@stagepass/contract/audio';
import { describe, expect, it } from 'vitest';
import {
  describeDuration,
  describeTrackAccess,
  formatDuration,
  formatTrackLength,
  sumReactions,
  toPlayerPath,
} from './audio-format';

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

describe('describeTrackAccess', () => {
  const base = { hasPaid: true, visibility: 'everyone', price: null, profileInteraction: 'GUEST' } as const;

  it('shows a locked track’s price, or Pass holders, to a listener who has not paid', () => {
    expect(
      describeTrackAccess({ ...base, hasPaid: false, visibility: 'pay-to-unlock', price: 2550 }),
    ).toEqual({ text: 'K25.50', isLocked: true });
    expect(describeTrackAccess({ ...base, hasPaid: false, visibility: 'subscribers' })).toEqual({
      text: 'Pass holders',
      isLocked: true,
    });
  });

  it('shows nothing to a listener with access, and the author who a track is for', () => {
    expect(describeTrackAccess({ ...base, visibility: 'pay-to-unlock', price: 2500 })).toBeNull();
    expect(describeTrackAccess({ ...base, profileInteraction: 'AUTHOR' })).toBeNull();
    expect(
      describeTrackAccess({
        ...base,
        profileInteraction: 'AUTHOR',
        visibility: 'pay-to-unlock',
        price: 2500,
      }),
    ).toEqual({ text: 'Pay to unlock · K25', isLocked: false });
    expect(describeTrackAccess({ ...base, profileInteraction: 'AUTHOR', visibility: 'subscribers' })).toEqual(
      {
        text: 'Pass holders',
        isLocked: false,
      },
    );
  });
});

describe('sumReactions', () => {
  it('adds every kind', () => {
    expect(sumReactions({ love: 3, haha: 1, wow: 0, angry: 0, sad: 2 })).toBe(6);
  });
});
