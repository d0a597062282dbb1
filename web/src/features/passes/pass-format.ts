import { formatKwachaNumber } from '@stagepass/contract/money-format';
import type { TPassPeriod } from '@stagepass/contract/passes';
import { formatKwacha } from '../../lib/money';

const periodUnits: Record<TPassPeriod, string> = { daily: 'day', weekly: 'week', monthly: 'month' };
const periodTitles: Record<TPassPeriod, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

/** 'K50 / month' */
export function formatPassPrice(price: { period: TPassPeriod; price: number }): string {
  return `${formatKwacha(price.price)} / ${periodUnits[price.period]}`;
}

export function formatPeriodTitle(period: TPassPeriod): string {
  return periodTitles[period];
}

/** The expiry as people read it: '3 Dec 2026, 14:05'. */
export function formatPassExpiry(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * The spec's 'Set between k{min} - k{max}', for bounds in ngwee: the server's
 * PASS_MESSAGES.priceOutOfBounds, written here without bringing zod into the page.
 */
export function formatPriceBounds(min: number, max: number): string {
  return `Set between k${formatKwachaNumber(min)} - k${formatKwachaNumber(max)}`;
}

/** 'Ends 3 Dec 2026, 14:05' for a running pass, 'Ended 3 Dec 2026, 14:05' for a lapsed one. */
export function formatPassEnd(pass: { expiresAt: string; isActive: boolean }): string {
  return `${pass.isActive ? 'Ends' : 'Ended'} ${formatPassExpiry(pass.expiresAt)}`;
}
