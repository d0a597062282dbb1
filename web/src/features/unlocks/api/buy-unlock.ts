import type { purchaseRoutes, TPurchase, TPurchaseFunding } from '@stagepass/contract/purchases';
import { requestRoute } from '../../../lib/api-client';

// Types only from the contract: the modal stays free of zod.
export type { TPurchase };

/** A new purchase id: the same id sent again is the same purchase, never a second charge. */
export function createPurchaseId(): string {
  return globalThis.crypto.randomUUID();
}

/** POST /api/purchases, kind 'unlock': a pay-to-unlock post at the price the fan was shown. */
export function buyUnlock(options: {
  purchaseId: string;
  creator: string;
  postId: string;
  expectedAmount: number;
  funding: TPurchaseFunding;
}) {
  return requestRoute<typeof purchaseRoutes.createPurchase>('POST /api/purchases', {
    body: {
      purchaseId: options.purchaseId,
      kind: 'unlock',
      creator: options.creator,
      item: { type: 'post', id: options.postId },
      expectedAmount: options.expectedAmount,
      funding: options.funding,
    },
  });
}

/** GET /api/purchases/:purchaseId: the purchase as it is now (awaiting its top-up, completed or failed). */
export function getPurchase(purchaseId: string, { signal }: { signal?: AbortSignal } = {}) {
  return requestRoute<typeof purchaseRoutes.getPurchase>('GET /api/purchases/:purchaseId', {
    params: { purchaseId },
    signal,
  });
}
