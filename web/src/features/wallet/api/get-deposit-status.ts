import type { depositRoutes } from '@stagepass/contract/wallet';
import { useEffect, useRef } from 'react';
import { requestRoute } from '../../../lib/api-client';
import { type DepositWatchDelays, watchDeposit } from '../deposit-watch';

/**
 * POST /api/pawapay/deposits-api/deposit-status/:depositId: the deposit in pawaPay v1's
 * shape, as an array of at most one (read result[0].status and
 * result[0].failureReason.failureCode).
 */
export function getDepositStatus(depositId: string, { signal }: { signal?: AbortSignal } = {}) {
  return requestRoute<typeof depositRoutes.getDepositStatus>(
    'POST /api/pawapay/deposits-api/deposit-status/:depositId',
    { params: { depositId }, signal },
  );
}

export type DepositStatusReading = { status: string | undefined; failureCode: string | null };

/** One status check, read as the flow needs it: result[0].status and its failure code. */
export async function readDepositStatus(
  depositId: string,
  signal: AbortSignal,
): Promise<DepositStatusReading> {
  const answer = await getDepositStatus(depositId, { signal });
  const [deposit] = answer.result;
  return { status: deposit?.status, failureCode: deposit?.failureReason?.failureCode ?? null };
}

type DepositWatchOptions = {
  /** The deposit to watch; null stops the watch. */
  depositId: string | null;
  /** Each answer; the caller decides (and says, by clearing depositId) when it is final. */
  onChecked: (reading: DepositStatusReading) => void;
  /** A minute has gone by without a final status. */
  onSlow: () => void;
  delays?: DepositWatchDelays;
};

/**
 * Watches a deposit from the moment its id is given until it is taken away: the status
 * checks and the slow notice of deposit-watch.ts.
 */
export function useDepositWatch({ depositId, onChecked, onSlow, delays }: DepositWatchOptions) {
  const callbacks = useRef({ onChecked, onSlow });
  callbacks.current = { onChecked, onSlow };

  useEffect(() => {
    if (!depositId) return;
    return watchDeposit({
      check: (signal) => readDepositStatus(depositId, signal),
      onChecked: (reading) => callbacks.current.onChecked(reading),
      onSlow: () => callbacks.current.onSlow(),
      delays,
    });
  }, [depositId, delays]);
}
