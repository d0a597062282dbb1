import type { payoutRoutes, TPayoutRequest } from '@stagepass/contract/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { earningsQueryKey, payoutListQueryKey, payoutQueryKey } from './payouts-query-keys';

export type { TPayoutRequest };

/**
 * POST /api/payouts: the payoutId is the client's, so sending the same request again (after
 * a lost answer) is answered as the same payout and never pays twice.
 */
export function requestPayout(body: TPayoutRequest) {
  return requestRoute<typeof payoutRoutes.requestPayout>('POST /api/payouts', { body });
}

/** The amount is reserved at once: the amounts and the history are read again. */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSuccess: (answer) => {
      queryClient.setQueryData(payoutQueryKey(answer.payout.payoutId), answer);
      void queryClient.invalidateQueries({ queryKey: earningsQueryKey });
      void queryClient.invalidateQueries({ queryKey: payoutListQueryKey });
    },
  });
}
