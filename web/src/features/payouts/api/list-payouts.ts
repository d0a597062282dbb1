import type { payoutRoutes, TPayout } from '@stagepass/contract/payouts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { PAYOUTS_PAGE_SIZE, payoutListQueryKey } from './payouts-query-keys';

export type { TPayout };

/** GET /api/payouts: the creator's payouts, newest first, a keyset page at a time. */
export function getPayoutListQueryOptions() {
  return infiniteQueryOptions({
    queryKey: payoutListQueryKey,
    queryFn: ({ pageParam, signal }) =>
      requestRoute<typeof payoutRoutes.listPayouts>('GET /api/payouts', {
        query: { cursor: pageParam || undefined, limit: PAYOUTS_PAGE_SIZE },
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function usePayoutList() {
  return useInfiniteQuery(getPayoutListQueryOptions());
}
