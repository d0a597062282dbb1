import type { walletRoutes } from '@stagepass/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { cardTopupQueryKey } from './wallet-query-keys';

/** GET /api/wallet/card-topups/:topupId: the top-up as it is now (re-checked with the processor while open). */
export function getCardTopup(topupId: string, { signal }: { signal?: AbortSignal } = {}) {
  return requestRoute<typeof walletRoutes.getCardTopup>('GET /api/wallet/card-topups/:topupId', {
    params: { topupId },
    signal,
  });
}

export function getCardTopupQueryOptions(topupId: string) {
  return queryOptions({
    queryKey: cardTopupQueryKey(topupId),
    queryFn: ({ signal }) => getCardTopup(topupId, { signal }),
  });
}

/** The top-up, e.g. the one named by ?cardTopup=<id> after the bank's check; null asks nothing. */
export function useCardTopup(topupId: string | null) {
  return useQuery({ ...getCardTopupQueryOptions(topupId ?? ''), enabled: topupId !== null });
}
