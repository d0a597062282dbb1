import { DEPOSIT_STATUS_POLL_MS, type TDepositStatusResponse } from '@stagepass/contract/wallet';
import { useEffect, useRef } from 'react';
import { requestApi } from '../../../lib/api-client';

/**
 * POST /api/pawapay/deposits-api/deposit-status/:depositId: the deposit in pawaPay v1's
 * shape, as an array of at most one (read result[0].status and
 * result[0].failureReason.failureCode).
 */
export function getDepositStatus(depositId: string, { signal }: { signal?: AbortSignal } = {}) {
  return requestApi<TDepositStatusResponse>(
    `/api/pawapay/deposits-api/deposit-status/${encodeURIComponent(depositId)}`,
    { method: 'POST', signal },
  );
}

export type DepositStatusReading = { status: string | undefined; failureCode: string | null };

type PollingOptions = {
  /** The deposit to watch; null stops the polling. */
  depositId: string | null;
  /** Each answer; the caller decides (and says, by clearing depositId) when it is final. */
  onChecked: (reading: DepositStatusReading) => void;
};

/**
 * Asks for the deposit's status every DEPOSIT_STATUS_POLL_MS (the spec's 10 seconds), one
 * request at a time, from the moment a deposit id is given until it is taken away. A failed
 * check (offline, a server error) is simply tried again at the next tick: the deposit goes
 * on at the operator whatever the page knows.
 */
export function useDepositStatusPolling({ depositId, onChecked }: PollingOptions) {
  const onCheckedRef = useRef(onChecked);
  onCheckedRef.current = onChecked;

  useEffect(() => {
    if (!depositId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;

    const check = async () => {
      try {
        const answer = await getDepositStatus(depositId, { signal: controller.signal });
        const [deposit] = answer.result;
        if (controller.signal.aborted) return;
        onCheckedRef.current({
          status: deposit?.status,
          failureCode: deposit?.failureReason?.failureCode ?? null,
        });
      } catch {
        // Tried again at the next tick, unless the polling has stopped.
      }
      if (!controller.signal.aborted) timer = setTimeout(check, DEPOSIT_STATUS_POLL_MS);
    };

    timer = setTimeout(check, DEPOSIT_STATUS_POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [depositId]);
}
