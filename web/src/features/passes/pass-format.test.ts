import { describe, expect, it } from 'vitest';
import { formatPassPrice, formatPriceBounds } from './pass-format';

describe('formatPriceBounds', () => {
  it("says the spec's 'Set between k{min} - k{max}' in kwacha", () => {
    expect(formatPriceBounds(200, 200_000)).toBe('Set between k2 - k2,000');
    expect(formatPriceBounds(550, 1_000_050)).toBe('Set between k5.50 - k10,000.50');
  });
});

describe('formatPassPrice', () => {
  it('reads as a price per period', () => {
    expect(formatPassPrice({ period: 'daily', price: 250 })).toBe('K2.50 / day');
    expect(formatPassPrice({ period: 'monthly', price: 5_000 })).toBe('K50 / month');
  });
});
