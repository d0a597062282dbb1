import { useSyncExternalStore } from 'react';
import type { TPass } from './api/list-passes';
import { formatPassExpiry, formatPeriodTitle } from './pass-format';

/**
 * The in-app reminders of passes ending soon: which to show (the server says which passes
 * end soon, by the rule the reminder mail follows), what they say, and which the fan has
 * dismissed. A dismissal holds for that expiry only: a renewed pass is reminded again.
 */

const STORAGE_KEY = 'stagepass:dismissed-pass-reminders';
const listeners = new Set<() => void>();

function reminderKey(pass: TPass): string {
  return `${pass.creator.username}|${pass.expiresAt}`;
}

function readDismissed(): string {
  try {
    return localStorage.getItem(STORAGE_KEY) ?? '[]';
  } catch {
    return '[]';
  }
}

function parseDismissed(text: string): string[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

/** Hides the reminder of this pass's current expiry. */
export function dismissPassReminder(pass: TPass, passesNow: readonly TPass[]): void {
  // Only the reminders of passes still listed are kept, so the list never grows for good.
  const current = new Set(passesNow.map(reminderKey));
  const kept = parseDismissed(readDismissed()).filter((key) => current.has(key));
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([...kept, reminderKey(pass)]));
  } catch {
    // Private browsing without storage: the reminder goes for this view only.
  }
  for (const notify of listeners) notify();
}

function subscribe(notify: () => void) {
  listeners.add(notify);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) notify();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener('storage', onStorage);
  };
}

/** The passes ending soon, without those the fan dismissed (`isDismissible` false: all of them). */
export function usePassReminders(passes: readonly TPass[] | undefined, { isDismissible = true } = {}) {
  const dismissedText = useSyncExternalStore(subscribe, readDismissed, () => '[]');
  const dismissed = new Set(isDismissible ? parseDismissed(dismissedText) : []);
  return (passes ?? []).filter((pass) => pass.isEndingSoon && !dismissed.has(reminderKey(pass)));
}

/** 'Your weekly pass to Mutinta Hamoonga ends 3 Dec 2026, 14:05.' */
export function describePassReminder(pass: TPass): string {
  return `Your ${formatPeriodTitle(pass.period).toLowerCase()} pass to ${pass.creator.name} ends ${formatPassExpiry(pass.expiresAt)}.`;
}

/** What happens next: it renews from the wallet, or the fan extends it themselves. */
export function describePassRenewal(pass: TPass): string {
  return pass.isAutoRenew
    ? 'It renews from your wallet balance an hour before it ends, if the balance covers it.'
    : 'Extend it to keep access.';
}
