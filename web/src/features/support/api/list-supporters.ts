import type { supportRoutes, TSupportersResponse, TSupportReceived } from '@stagepass/contract/support';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';

export type { TSupportersResponse, TSupportReceived };

export const SUPPORTERS_PAGE_SIZE = 20;
export const supportersQueryKey = ['supporters'] as const;

/** One page of the support the signed-in creator received, newest first (GET /api/creator/supporters). */
export function fetchSupportersPage({ cursor, signal }: { cursor: string; signal?: AbortSignal }) {
  return requestRoute<typeof supportRoutes.listSupporters>('GET /api/creator/supporters', {
    query: { cursor, limit: SUPPORTERS_PAGE_SIZE },
    signal,
  });
}

export function getSupportersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: supportersQueryKey,
    queryFn: ({ pageParam, signal }) => fetchSupportersPage({ cursor: pageParam, signal }),
    initialPageParam: '0',
    getNextPageParam: (page: TSupportersResponse) => page.nextCursor ?? undefined,
  });
}

export function useSupporters() {
  return useInfiniteQuery(getSupportersQueryOptions());
}
