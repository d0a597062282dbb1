import {
  isFinalPayoutStatus,
  PAYOUT_STATUS_POLL_MS,
  type TPayoutStatus,
} from '@stagepass/contract/payout-texts';
import type { payoutRoutes } from '@stagepass/contract/payouts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { requestRoute } from '../../../lib/api-client';
import type { TPayout } from './list-payouts';
import { earningsQueryKey, payoutListQueryKey, payoutQueryKey } from './payouts-query-keys';

/** GET /api/payouts/:payoutId: the server re-checks a payout not final with pawaPay first. */
export function getPayout(payoutId: string, { signal }: { signal?: AbortSignal } = {}) {
  return requestRoute<typeof payoutRoutes.getPayout>('GET /api/payouts/:payoutId', {
    params: { payoutId },
    signal,
  });
}

/**
 * A payout as it is now, asked again every PAYOUT_STATUS_POLL_MS while it is not final.
 * When it becomes final the amounts and the history are read again: a completed payout
 * moves to paid out, a failed one back to available.
 */
export function useLivePayout(payout: TPayout): TPayout {
  const query = useQuery({
    queryKey: payoutQueryKey(payout.payoutId),
    queryFn: ({ signal }) => getPayout(payout.payoutId, { signal }),
    initialData: { success: true as const, payout },
    // The first answer is the one we were given; the poll takes it from there.
    initialDataUpdatedAt: Date.now(),
    staleTime: PAYOUT_STATUS_POLL_MS,
    refetchInterval: (current) =>
      current.state.data && isFinalPayoutStatus(current.state.data.payout.status)
        ? false
        : PAYOUT_STATUS_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const live = query.data.payout;
  useRefreshWhenFinal(live.status);
  // A newer answer from the list (a refetch) wins over an older one of ours.
  return isFinalPayoutStatus(payout.status) && !isFinalPayoutStatus(live.status) ? payout : live;
}

function useRefreshWhenFinal(status: TPayoutStatus) {
  const queryClient = useQueryClient();
  const wasFinal = useRef(isFinalPayoutStatus(status));
  useEffect(() => {
    const isFinal = isFinalPayoutStatus(status);
    if (isFinal && !wasFinal.current) {
      void queryClient.invalidateQueries({ queryKey: earningsQueryKey });
      void queryClient.invalidateQueries({ queryKey: payoutListQueryKey });
    }
    wasFinal.current = isFinal;
  }, [status, queryClient]);
}
