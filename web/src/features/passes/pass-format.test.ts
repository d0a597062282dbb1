import { PASS_MESSAGES } from '@stagepass/contract/passes';
import { describe, expect, it } from 'vitest';
import { formatPassEnd, formatPassPrice, formatPriceBounds } from './pass-format';

describe('formatPriceBounds', () => {
  it("says the spec's 'Set between k{min} - k{max}' in kwacha", () => {
    expect(formatPriceBounds(200, 200_000)).toBe('Set between k2 - k2,000');
    expect(formatPriceBounds(550, 1_000_050)).toBe('Set between k5.50 - k10,000.50');
  });

  it("is word for word the server's refusal, so the modal and the API say it one way", () => {
    expect(formatPriceBounds(500, 500_000)).toBe(PASS_MESSAGES.priceOutOfBounds(500, 500_000));
  });
});

describe('formatPassPrice', () => {
  it('reads as a price per period', () => {
    expect(formatPassPrice({ period: 'daily', price: 250 })).toBe('K2.50 / day');
    expect(formatPassPrice({ period: 'monthly', price: 5_000 })).toBe('K50 / month');
  });
});

describe('formatPassEnd', () => {
  it("says 'Ends' for a running pass and 'Ended' for a lapsed one, with the day", () => {
    const expiresAt = new Date(2026, 11, 3, 14, 5).toISOString();
    expect(formatPassEnd({ expiresAt, isActive: true })).toBe('Ends 3 Dec 2026, 14:05');
    expect(formatPassEnd({ expiresAt, isActive: false })).toBe('Ended 3 Dec 2026, 14:05');
  });
});
