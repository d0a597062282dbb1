import { describe, expect, it } from 'vitest';
import {
  describeActiveCount,
  describeMembership,
  describeRenewal,
  describeSpendParts,
} from './member-format';

describe('member-format', () => {
  it('names the period and since when', () => {
    expect(describeMembership({ period: 'monthly', memberSince: '2026-11-03T10:00:00.000000Z' })).toBe(
      'Monthly pass · member since 3 Nov 2026',
    );
  });

  it('says whether the pass renews, ends or ended', () => {
    const expiresAt = '2026-12-03T10:00:00.000Z';
    expect(describeRenewal({ isActive: true, isAutoRenew: true, expiresAt })).toBe('Renews 3 Dec 2026');
    expect(describeRenewal({ isActive: true, isAutoRenew: false, expiresAt })).toBe(
      'Ends 3 Dec 2026, not renewing',
    );
    expect(describeRenewal({ isActive: false, isAutoRenew: true, expiresAt })).toBe('Ended 3 Dec 2026');
  });

  it('lists only the kinds a fan spent on', () => {
    expect(describeSpendParts({ total: 8_250, pass: 6_500, unlock: 750, tip: 0, support: 1_000 })).toBe(
      'passes K65 · unlocks K7.50 · support K10',
    );
    expect(describeSpendParts({ total: 0, pass: 0, unlock: 0, tip: 0, support: 0 })).toBe('');
  });

  it('counts active members in words', () => {
    expect(describeActiveCount(1)).toBe('1 active member');
    expect(describeActiveCount(0)).toBe('0 active members');
  });
});
