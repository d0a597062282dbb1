import { describe, expect, it } from 'vitest';
import { formatClock, formatPositionText } from './format-clock';

describe('times on the player', () => {
  it('read as a clock', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(5.9)).toBe('0:05');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(180)).toBe('3:00');
    expect(formatClock(3725)).toBe('1:02:05');
  });

  it('read an unknown length as 0:00', () => {
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatClock(-3)).toBe('0:00');
  });

  it('say the position and the length together for the seek bar', () => {
    expect(formatPositionText(65, 180)).toBe('1:05 of 3:00');
  });
});
