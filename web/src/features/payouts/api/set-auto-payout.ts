import type { payoutRoutes } from '@stagepass/contract/payouts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import type { TEarningsResponse } from './get-earnings';
import { earningsQueryKey } from './payouts-query-keys';

/** PUT /api/payouts/auto: auto-payout on or off (the session view's autoPayout.enabled). */
export function setAutoPayout(isEnabled: boolean) {
  return requestRoute<typeof payoutRoutes.setAutoPayout>('PUT /api/payouts/auto', {
    body: { enabled: isEnabled },
  });
}

/**
 * The switch moves at once; a refusal puts it back as it was (the caller says why). The
 * earnings (and the session, which carries the setting too) are read again either way.
 */
export function useSetAutoPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutoPayout,
    onMutate: async (isEnabled) => {
      await queryClient.cancelQueries({ queryKey: earningsQueryKey });
      const before = queryClient.getQueryData<TEarningsResponse>(earningsQueryKey);
      queryClient.setQueryData<TEarningsResponse>(
        earningsQueryKey,
        (earnings) => earnings && { ...earnings, autoPayout: { ...earnings.autoPayout, enabled: isEnabled } },
      );
      return { before };
    },
    // What to say (and whether to ask for a number or the security question) is the caller's.
    onError: (_error, _isEnabled, context) => {
      if (context?.before) queryClient.setQueryData(earningsQueryKey, context.before);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: earningsQueryKey });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
