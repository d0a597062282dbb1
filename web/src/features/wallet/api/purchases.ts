import type { purchaseRoutes, TPurchase, TPurchaseRequest } from '@stagepass/contract/purchases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';

// Types only from the contract: the checkout and the modals around it stay free of zod.
export type { TPurchase, TPurchaseRequest };

/** A new purchase id (Web Crypto): the same id sent again is the same purchase, never a second charge. */
export function createPurchaseId(): string {
  return globalThis.crypto.randomUUID();
}

/** POST /api/purchases: a pass, an unlock, a tip or support, from the wallet or with its shortfall topped up. */
export function sendPurchase(body: TPurchaseRequest) {
  return requestRoute<typeof purchaseRoutes.createPurchase>('POST /api/purchases', { body });
}

/** How often a purchase waiting on its top-up is read again: access shows within a second of the top-up. */
const AWAITING_PURCHASE_POLL_MS = 1000;

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
        query.state.data?.purchase.status === 'awaiting-payment' ? AWAITING_PURCHASE_POLL_MS : false,
    }),
  );
}
