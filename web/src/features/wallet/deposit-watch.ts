import { DEPOSIT_STATUS_POLL_MS } from '@stagepass/contract/wallet';

/**
 * When the Topup panel asks for an accepted deposit's status, and when it says that the
 * payment is taking long. Plain timers, no React, so the timing is tested with fake timers.
 */
export type DepositWatchDelays = {
  /** One early check: a payer who confirms at once sees the outcome in seconds, not ten. */
  firstCheckMs: number;
  /** The spec's check every 10 seconds, counted from ACCEPTED. */
  pollMs: number;
  /** After this long without a final status the panel says it can take a few minutes. */
  slowNoticeMs: number;
};

export const DEPOSIT_WATCH_DELAYS: DepositWatchDelays = {
  firstCheckMs: 3000,
  pollMs: DEPOSIT_STATUS_POLL_MS,
  slowNoticeMs: 60_000,
};

/**
 * How long to wait for the next check, `elapsedMs` after ACCEPTED: the early check, then the
 * next whole multiple of pollMs (10 s, 20 s, 30 s…), so a slow answer does not push the
 * whole rhythm back.
 */
export function readNextCheckDelay(
  elapsedMs: number,
  { firstCheckMs, pollMs }: Pick<DepositWatchDelays, 'firstCheckMs' | 'pollMs'>,
): number {
  if (elapsedMs < firstCheckMs) return firstCheckMs - elapsedMs;
  return (Math.floor(elapsedMs / pollMs) + 1) * pollMs - elapsedMs;
}

type WatchOptions<TReading> = {
  /** One status check; a rejected promise (offline, a server error) is tried again at the next turn. */
  check: (signal: AbortSignal) => Promise<TReading>;
  onChecked: (reading: TReading) => void;
  /** Called once, slowNoticeMs after the start, unless stopped before. */
  onSlow: () => void;
  delays?: DepositWatchDelays;
};

/**
 * Checks the deposit's status, one request at a time, on the rhythm of readNextCheckDelay,
 * until the returned stop is called (the caller stops once a status is final).
 */
export function watchDeposit<TReading>({
  check,
  onChecked,
  onSlow,
  delays = DEPOSIT_WATCH_DELAYS,
}: WatchOptions<TReading>): () => void {
  const controller = new AbortController();
  const startedAt = Date.now();
  let checkTimer: ReturnType<typeof setTimeout> | undefined;

  const scheduleCheck = () => {
    if (controller.signal.aborted) return;
    checkTimer = setTimeout(runCheck, readNextCheckDelay(Date.now() - startedAt, delays));
  };

  const runCheck = async () => {
    try {
      const reading = await check(controller.signal);
      if (!controller.signal.aborted) onChecked(reading);
    } catch {
      // The deposit goes on at the operator whatever the page knows: ask again next time.
    }
    scheduleCheck();
  };

  const slowTimer = setTimeout(() => {
    if (!controller.signal.aborted) onSlow();
  }, delays.slowNoticeMs);
  scheduleCheck();

  return () => {
    controller.abort();
    clearTimeout(checkTimer);
    clearTimeout(slowTimer);
  };
}
