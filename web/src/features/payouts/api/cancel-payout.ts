import type { payoutRoutes } from '@stagepass/contract/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { earningsQueryKey, payoutListQueryKey, payoutQueryKey } from './payouts-query-keys';

/** POST /api/payouts/:payoutId/cancel: a payout waiting ENQUEUED for its operator is failed, its money available again. */
export function cancelPayout(payoutId: string) {
  return requestRoute<typeof payoutRoutes.cancelPayout>('POST /api/payouts/:payoutId/cancel', {
    params: { payoutId },
  });
}

export function useCancelPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPayout,
    onSuccess: (answer) => {
      queryClient.setQueryData(payoutQueryKey(answer.payout.payoutId), answer);
      void queryClient.invalidateQueries({ queryKey: earningsQueryKey });
      void queryClient.invalidateQueries({ queryKey: payoutListQueryKey });
    },
    onError: (error) => toast.error(error.message || 'The payout could not be cancelled. Try again.'),
  });
}
