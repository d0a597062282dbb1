import { describe, expect, it } from 'vitest';
import { formatPrices, formatPricing, readInitials, readPronouns } from './profile-format';

describe('formatPricing', () => {
  it("reads as the spec's 'K50 / month'", () => {
    expect(formatPricing({ period: 'monthly', price: 5000 })).toBe('K50 / month');
    expect(formatPricing({ period: 'weekly', price: 1250 })).toBe('K12.50 / week');
    expect(formatPricing({ period: 'daily', price: 200 })).toBe('K2 / day');
  });
});

describe('formatPrices', () => {
  it('lists every pass offered, in the order given (daily first), thousands separated', () => {
    const prices = [
      { period: 'daily', price: 500 },
      { period: 'weekly', price: 2_500 },
      { period: 'monthly', price: 150_000 },
    ] as const;
    expect(formatPrices(prices)).toBe('K5 / day · K25 / week · K1,500 / month');
    expect(formatPrices([{ period: 'monthly', price: 5000 }])).toBe('K50 / month');
  });
});

describe('readInitials', () => {
  it('takes the first letters of two words, else of the username', () => {
    expect(readInitials('Ana Lungu Phiri', '@ana')).toBe('AL');
    expect(readInitials('  ', '@mwila')).toBe('M');
    expect(readInitials('😀 Joy', '@joy')).toBe('😀J');
  });
});

describe('readPronouns', () => {
  it('picks the pronoun by gender', () => {
    expect(readPronouns('female').object).toBe('her');
    expect(readPronouns('male').object).toBe('him');
    expect(readPronouns('non-binary').object).toBe('them');
    expect(readPronouns(null).subject).toBe('they');
  });
});
