import { describe, expect, it } from 'vitest';
import { formatKwacha, formatKwachaNumber } from './money-format.ts';

describe('formatKwacha', () => {
  it('writes whole kwacha without decimals and parts of one with two', () => {
    expect(formatKwacha(5000)).toBe('K50');
    expect(formatKwacha(5050)).toBe('K50.50');
    expect(formatKwacha(1205)).toBe('K12.05');
    expect(formatKwacha(5)).toBe('K0.05');
    expect(formatKwacha(0)).toBe('K0');
  });

  it('separates thousands, so a limit reads the same everywhere', () => {
    expect(formatKwacha(100_000)).toBe('K1,000');
    expect(formatKwacha(2_000_000)).toBe('K20,000');
    expect(formatKwacha(125_050)).toBe('K1,250.50');
    expect(formatKwacha(99_999)).toBe('K999.99');
    expect(formatKwacha(123_456_789_00)).toBe('K123,456,789');
  });

  it('puts the sign before the K', () => {
    expect(formatKwacha(-50)).toBe('-K0.50');
    expect(formatKwacha(-125_000)).toBe('-K1,250');
  });

  it('refuses what is not whole ngwee rather than writing a wrong amount', () => {
    expect(() => formatKwacha(12.5)).toThrow(RangeError);
    expect(() => formatKwacha(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatKwachaNumber', () => {
  it('is the same number without the K, for texts that write their own sign', () => {
    expect(formatKwachaNumber(200)).toBe('2');
    expect(formatKwachaNumber(550)).toBe('5.50');
    expect(formatKwachaNumber(1_000_050)).toBe('10,000.50');
    expect(formatKwachaNumber(-2_000_000)).toBe('-20,000');
  });
});
