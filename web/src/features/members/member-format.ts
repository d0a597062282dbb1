import type { TMember } from '@stagepass/contract/members';
import { formatKwacha } from '../../lib/money';

const PERIOD_TITLES: Record<TMember['period'], string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
};
const SPEND_NAMES = [
  ['pass', 'passes'],
  ['unlock', 'unlocks'],
  ['tip', 'tips'],
  ['support', 'support'],
] as const;

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** '3 Dec 2026' */
export function formatDay(iso: string): string {
  return dayFormat.format(new Date(iso));
}

/** 'Monthly pass · member since 3 Nov 2026' */
export function describeMembership(member: Pick<TMember, 'period' | 'memberSince'>): string {
  return `${PERIOD_TITLES[member.period]} pass · member since ${formatDay(member.memberSince)}`;
}

/** 'Renews 3 Dec 2026', 'Ends 3 Dec 2026' or 'Ended 3 Dec 2026'. */
export function describeRenewal(member: Pick<TMember, 'isActive' | 'isAutoRenew' | 'expiresAt'>): string {
  const day = formatDay(member.expiresAt);
  if (!member.isActive) return `Ended ${day}`;
  return member.isAutoRenew ? `Renews ${day}` : `Ends ${day}, not renewing`;
}

/** 'passes K65 · tips K10': the kinds the fan spent on, in that order; '' when nothing. */
export function describeSpendParts(spent: TMember['spent']): string {
  return SPEND_NAMES.filter(([kind]) => spent[kind] > 0)
    .map(([kind, name]) => `${name} ${formatKwacha(spent[kind])}`)
    .join(' · ');
}

/** '1 active member', '3 active members'. */
export function describeActiveCount(count: number): string {
  return `${count} active ${count === 1 ? 'member' : 'members'}`;
}
