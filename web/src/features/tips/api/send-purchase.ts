import type { purchaseRoutes, TPurchase, TPurchaseRequest } from '@stagepass/contract/purchases';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { postsQueryKey } from '../../posts/api/post-query-keys';
import { scheduleWalletRefresh } from '../../wallet/api/refresh-wallet';

// Types only from the contract: these modals must stay free of zod.

/** POST /api/purchases: a tip or one-off support, from the wallet or with its shortfall by mobile money. */
export function sendPurchase(body: TPurchaseRequest) {
  return requestRoute<typeof purchaseRoutes.createPurchase>('POST /api/purchases', { body });
}

/** What a completed tip or support changes: the post's tips[], the balance and the statement. */
export function refreshAfterPurchase(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: postsQueryKey });
  scheduleWalletRefresh(queryClient);
}

export function useSendPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendPurchase,
    onSuccess: (answer) => {
      if (answer.purchase.status === 'completed') refreshAfterPurchase(queryClient);
    },
  });
}

const PURCHASE_POLL_MS = 1500;

/** GET /api/purchases/:purchaseId, read again while it waits on its top-up. */
export function usePurchaseWatch(purchaseId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: ['purchases', purchaseId],
      queryFn: ({ signal }) =>
        requestRoute<typeof purchaseRoutes.getPurchase>('GET /api/purchases/:purchaseId', {
          params: { purchaseId: purchaseId ?? '' },
          signal,
        }),
      enabled: purchaseId !== null,
      select: (answer): TPurchase => answer.purchase,
      refetchInterval: (query) =>
        query.state.data?.purchase.status === 'awaiting-payment' ? PURCHASE_POLL_MS : false,
    }),
  );
}
