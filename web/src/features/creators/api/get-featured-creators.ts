import type { TCreatorsPage } from '@stagepass/contract/profiles';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { CREATORS_PAGE_SIZE, creatorsQueryKey } from './creators-query-keys';

/** One page of creators ranked by the server's featured score (GET /api/creators/featured). */
export function fetchFeaturedCreatorsPage({ page, signal }: { page: string; signal?: AbortSignal }) {
  const params = new URLSearchParams({ page, limit: String(CREATORS_PAGE_SIZE) });
  return requestApi<TCreatorsPage>(`/api/creators/featured?${params}`, { signal });
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
