import { describe, expect, it } from 'vitest';
import { chooseTicks, formatDay } from './chart-scale';

describe('chooseTicks', () => {
  it('runs in round kwacha steps from zero past the largest value', () => {
    expect(chooseTicks(9_000)).toEqual([0, 5_000, 10_000]);
    expect(chooseTicks(12_000)).toEqual([0, 5_000, 10_000, 15_000]);
    expect(chooseTicks(250)).toEqual([0, 100, 200, 300]);
    expect(chooseTicks(1_234_500)).toEqual([0, 500_000, 1_000_000, 1_500_000]);
  });

  it('draws an empty range on a K1 axis rather than dividing by zero', () => {
    expect(chooseTicks(0)).toEqual([0, 100]);
  });
});

describe('formatDay', () => {
  it('reads a UTC date as that date', () => {
    expect(formatDay('2026-11-26')).toBe('26 Nov');
    expect(formatDay('2026-01-01', 'long')).toBe('Thu, 1 Jan 2026');
  });
});
