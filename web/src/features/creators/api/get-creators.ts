import type { creatorRoutes } from '@stagepass/contract/profiles';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { creatorsQueryKey } from '../../../lib/creators-query-key';
import { CREATORS_PAGE_SIZE } from './creators-query-keys';

// Types only from the contract: its zod schemas would weigh on the first-load JavaScript.
type FetchCreatorsPageOptions = {
  /** Name, username or category; empty or missing lists every creator. */
  query?: string;
  /** '0' for the first page, then the previous answer's nextPage. */
  page: string;
  /** Creators a page (the server's default when missing). */
  limit?: number;
  signal?: AbortSignal;
};

/** One page of every creator, or of those matching a search (GET /api/creators). */
export function fetchCreatorsPage({ query, page, limit, signal }: FetchCreatorsPageOptions) {
  // An empty query or limit is not sent: the server lists everyone, at its own page size.
  return requestRoute<typeof creatorRoutes.listCreators>('GET /api/creators', {
    query: { page, q: query || undefined, limit: limit || undefined },
    signal,
  });
}

export function getCreatorsQueryOptions(query = '') {
  return infiniteQueryOptions({
    queryKey: [...creatorsQueryKey, 'list', { query }],
    queryFn: ({ pageParam, signal }) =>
      fetchCreatorsPage({ query, page: pageParam, limit: CREATORS_PAGE_SIZE, signal }),
    initialPageParam: '0',
    // null at the end; undefined tells TanStack Query there is no next page.
    getNextPageParam: (lastPage) => lastPage.nextPage ?? undefined,
  });
}

/** Every creator, or the matches of a search, a page at a time. */
export function useCreators(query = '') {
  return useInfiniteQuery(getCreatorsQueryOptions(query));
}
