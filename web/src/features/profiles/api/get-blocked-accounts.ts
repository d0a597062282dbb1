import type { blockRoutes, TBlockedAccount, TBlockedAccountsPage } from '@stagepass/contract/profiles';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { blockedAccountsQueryKey } from './block-caches';

export type { TBlockedAccount, TBlockedAccountsPage };

export const BLOCKED_ACCOUNTS_PAGE_SIZE = 20;

/** One page of the accounts the signed-in person blocked, newest block first (GET /api/blocks). */
export function fetchBlockedAccountsPage({ cursor, signal }: { cursor: string; signal?: AbortSignal }) {
  return requestRoute<typeof blockRoutes.listBlockedAccounts>('GET /api/blocks', {
    query: { cursor, limit: BLOCKED_ACCOUNTS_PAGE_SIZE },
    signal,
  });
}

export function getBlockedAccountsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: blockedAccountsQueryKey,
    queryFn: ({ pageParam, signal }) => fetchBlockedAccountsPage({ cursor: pageParam, signal }),
    initialPageParam: '0',
    getNextPageParam: (page: TBlockedAccountsPage) => page.nextCursor ?? undefined,
  });
}

export function useBlockedAccounts() {
  return useInfiniteQuery(getBlockedAccountsQueryOptions());
}
