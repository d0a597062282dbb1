import type { purchaseRoutes, TPurchase, TPurchasesResponse } from '@stagepass/contract/purchases';
import { DEPOSIT_STATUS_POLL_MS } from '@stagepass/contract/wallet';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { WALLET_PAGE_SIZE, walletQueryKey } from './wallet-query-keys';

export type { TPurchase, TPurchasesResponse };

/** Under the wallet's prefix: a settled top-up (which may complete a purchase) reads them again. */
export const receiptsQueryKey = [...walletQueryKey, 'receipts'] as const;

/** GET /api/purchases: the fan's receipts, newest first, a page at a time. */
export function listReceipts({ cursor, signal }: { cursor?: string; signal?: AbortSignal } = {}) {
  return requestRoute<typeof purchaseRoutes.listPurchases>('GET /api/purchases', {
    query: { cursor, limit: WALLET_PAGE_SIZE },
    signal,
  });
}

export function getReceiptsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: receiptsQueryKey,
    queryFn: ({ pageParam, signal }) => listReceipts({ cursor: pageParam || undefined, signal }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // A purchase waiting on its top-up completes or fails on the server: read until it has.
    refetchInterval: (query) =>
      query.state.data?.pages[0]?.purchases.some(({ status }) => status === 'awaiting-payment')
        ? DEPOSIT_STATUS_POLL_MS
        : false,
  });
}

export function useReceipts() {
  return useInfiniteQuery(getReceiptsQueryOptions());
}
