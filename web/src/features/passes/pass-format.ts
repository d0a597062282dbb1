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

/** The spec's 'Set between k{min} - k{max}', for bounds in ngwee. */
export function formatPriceBounds(min: number, max: number): string {
  return `Set between k${plainKwacha(min)} - k${plainKwacha(max)}`;
}

function plainKwacha(ngwee: number): string {
  const kwacha = Math.trunc(ngwee / 100).toLocaleString('en-US');
  const rest = ngwee % 100;
  return rest === 0 ? kwacha : `${kwacha}.${String(rest).padStart(2, '0')}`;
}

/** 'Ends 3 Dec 2026, 14:05' for a running pass, 'Ended 3 Dec 2026, 14:05' for a lapsed one. */
export function formatPassEnd(pass: { expiresAt: string; isActive: boolean }): string {
  return `${pass.isActive ? 'Ends' : 'Ended'} ${formatPassExpiry(pass.expiresAt)}`;
}
