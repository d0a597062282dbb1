import { describe, expect, it } from 'vitest';
import { formatKwacha, formatKwachaInput, parseKwachaToNgwee } from './money';

describe('formatKwacha', () => {
  it('shows whole kwacha without decimals and parts of one with two', () => {
    expect(formatKwacha(5000)).toBe('K50');
    expect(formatKwacha(5050)).toBe('K50.50');
    expect(formatKwacha(1205)).toBe('K12.05');
    expect(formatKwacha(5)).toBe('K0.05');
    expect(formatKwacha(0)).toBe('K0');
    expect(formatKwacha(2_000_000)).toBe('K20,000');
  });
});

describe('parseKwachaToNgwee', () => {
  it('reads whole and decimal kwacha as integer ngwee', () => {
    expect(parseKwachaToNgwee('25')).toBe(2500);
    expect(parseKwachaToNgwee('25.5')).toBe(2550);
    expect(parseKwachaToNgwee('0.29')).toBe(29);
    // 0.29 * 100 is 28.999999999999996 in floating point: the digits are read instead.
    expect(parseKwachaToNgwee('1.15')).toBe(115);
  });

  it('accepts the K prefix and thousands separators', () => {
    expect(parseKwachaToNgwee('K 1,000')).toBe(100_000);
    expect(parseKwachaToNgwee(' k12.50 ')).toBe(1250);
  });

  it('refuses what is not an amount of ngwee', () => {
    expect(parseKwachaToNgwee('')).toBeNull();
    expect(parseKwachaToNgwee('12.345')).toBeNull();
    expect(parseKwachaToNgwee('-5')).toBeNull();
    expect(parseKwachaToNgwee('ten')).toBeNull();
    expect(parseKwachaToNgwee('1,00')).toBeNull();
  });
});

describe('formatKwachaInput', () => {
  it('shows a price for editing as it would be typed, and reads back the same', () => {
    expect(formatKwachaInput(2500)).toBe('25');
    expect(formatKwachaInput(2550)).toBe('25.50');
    expect(formatKwachaInput(5)).toBe('0.05');
    for (const ngwee of [2500, 2550, 5, 123_456]) {
      expect(parseKwachaToNgwee(formatKwachaInput(ngwee))).toBe(ngwee);
    }
  });
});
