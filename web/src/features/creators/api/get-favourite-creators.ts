import type { creatorRoutes } from '@stagepass/contract/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { creatorsQueryKey } from '../../../lib/creators-query-key';

/** The creators the signed-in user follows (GET /api/creators/favourites). */
export function fetchFavouriteCreators({ signal }: { signal?: AbortSignal } = {}) {
  return requestRoute<typeof creatorRoutes.listFavouriteCreators>('GET /api/creators/favourites', { signal });
}

export function getFavouriteCreatorsQueryOptions() {
  return queryOptions({
    queryKey: [...creatorsQueryKey, 'favourites'],
    queryFn: ({ signal }) => fetchFavouriteCreators({ signal }),
    select: (response) => response.creators,
  });
}

/** For the signed-in page of favourites only: the server answers 401 otherwise. */
export function useFavouriteCreators() {
  return useQuery(getFavouriteCreatorsQueryOptions());
}
