import { useEffect, useState } from 'react';
import { DEPOSIT_WATCH_DELAYS } from './deposit-watch';

/**
 * Whether something pending (a card top-up being decided, a purchase waiting on its top-up)
 * has been so for `delayMs` (a minute, as the mobile money panel's notice): then the flow says
 * it may take a while and can be left, as the payouts page does for a payout on its way.
 * False again as soon as it is not pending.
 */
export function useTakingLong(isPending: boolean, delayMs = DEPOSIT_WATCH_DELAYS.slowNoticeMs): boolean {
  const [isTakingLong, setIsTakingLong] = useState(false);
  useEffect(() => {
    setIsTakingLong(false);
    if (!isPending) return;
    const timer = setTimeout(() => setIsTakingLong(true), delayMs);
    return () => clearTimeout(timer);
  }, [isPending, delayMs]);
  return isPending && isTakingLong;
}
