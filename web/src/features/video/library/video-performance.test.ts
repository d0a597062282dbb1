import { describe, expect, it } from 'vitest';
import { formatWatchTime } from './video-performance';

describe('watch time', () => {
  it('reads in seconds, minutes, then hours and minutes', () => {
    expect(formatWatchTime(45)).toBe('45 s');
    expect(formatWatchTime(720)).toBe('12 min');
    expect(formatWatchTime(3 * 3600)).toBe('3 h');
    expect(formatWatchTime(3 * 3600 + 20 * 60)).toBe('3 h 20 min');
  });
});
