import type { creatorRoutes } from '@stagepass/contract/profiles';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { creatorsQueryKey } from '../../../lib/creators-query-key';
import { CREATORS_PAGE_SIZE } from './creators-query-keys';

/** One page of creators ranked by the server's featured score (GET /api/creators/featured). */
export function fetchFeaturedCreatorsPage({ page, signal }: { page: string; signal?: AbortSignal }) {
  return requestRoute<typeof creatorRoutes.listFeaturedCreators>('GET /api/creators/featured', {
    query: { page, limit: CREATORS_PAGE_SIZE },
    signal,
  });
}

export function getFeaturedCreatorsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...creatorsQueryKey, 'featured'],
    queryFn: ({ pageParam, signal }) => fetchFeaturedCreatorsPage({ page: pageParam, signal }),
    initialPageParam: '0',
    getNextPageParam: (lastPage) => lastPage.nextPage ?? undefined,
  });
}

export function useFeaturedCreators() {
  return useInfiniteQuery(getFeaturedCreatorsQueryOptions());
}
