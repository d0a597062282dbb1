import type { TProfile } from '@stagepass/contract/profiles';
import { formatKwacha } from '../../lib/money';

// Types only from the contract: the profile page must not pull zod into its chunk.

const periodNames = { daily: 'day', weekly: 'week', monthly: 'month' } as const;

/** The spec's pricing line: 'K50 / month'. */
export function formatPricing(pricing: NonNullable<TProfile['pricing']>): string {
  return `${formatKwacha(pricing.price)} / ${periodNames[pricing.period]}`;
}

/** Every pass a creator offers, daily first: 'K5 / day · K30 / week · K100 / month'. */
export function formatPrices(prices: readonly NonNullable<TProfile['pricing']>[]): string {
  return prices.map(formatPricing).join(' · ');
}

/** A pass's expiry as people read it: '3 Dec 2026, 14:05'. */
export function formatExpiry(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** Up to two initials of a name, else the first character of the username: 'Ana Lungu' → 'AL'. */
export function readInitials(name: string, username: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  // Whole characters (an emoji is one), not UTF-16 halves.
  const initials = words
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('');
  return (initials || [...username.replace(/^@/, '')][0] || '?').toUpperCase();
}

// The pronouns live in lib/ since the support modal writes them too.
export { type Pronouns, readPronouns } from '../../lib/pronouns';
