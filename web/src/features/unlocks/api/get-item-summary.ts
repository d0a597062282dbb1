import type { itemRoutes } from '@stagepass/contract/items';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { itemSummaryQueryKey } from '../../../lib/items/item-query-keys';

// Types only from the contract: the unlock modal's chunk stays free of zod.

/** One item of any kind as the viewer may see it: kind, title, author, price, lock (GET /api/items/:itemId). */
export function fetchItemSummary(itemId: string, { signal }: { signal?: AbortSignal } = {}) {
  return requestRoute<typeof itemRoutes.getItem>('GET /api/items/:itemId', {
    params: { itemId },
    signal,
  });
}

export function getItemSummaryQueryOptions(itemId: string) {
  return queryOptions({
    queryKey: itemSummaryQueryKey(itemId),
    queryFn: ({ signal }) => fetchItemSummary(itemId, { signal }),
    // A missing item stays missing; no point in asking three times.
    retry: false,
  });
}

export function useItemSummary(itemId: string) {
  return useQuery(getItemSummaryQueryOptions(itemId));
}
