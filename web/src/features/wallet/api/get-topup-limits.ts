import type { TCorrespondent } from '@stagepass/contract/mobile-money';
import type { TTopupLimitsResponse, walletRoutes } from '@stagepass/contract/wallet';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { topupLimitsQueryKey } from './wallet-query-keys';

/** GET /api/wallet/topup-limits: what each operator accepts now, in ngwee. */
export function getTopupLimits({ signal }: { signal?: AbortSignal } = {}) {
  return requestRoute<typeof walletRoutes.getTopupLimits>('GET /api/wallet/topup-limits', { signal });
}

export function getTopupLimitsQueryOptions() {
  return queryOptions({
    queryKey: topupLimitsQueryKey,
    queryFn: ({ signal }) => getTopupLimits({ signal }),
    // The provider's configuration changes rarely; the server checks the amount again anyway.
    staleTime: 5 * 60 * 1000,
  });
}

export function useTopupLimits() {
  return useQuery(getTopupLimitsQueryOptions());
}

/** One operator's limits from the answer; null when they are not known (then only the server checks). */
export function findTopupLimit(
  answer: TTopupLimitsResponse | undefined,
  correspondent: TCorrespondent | undefined,
) {
  if (!answer || !correspondent) return null;
  return answer.limits.find((limit) => limit.correspondent === correspondent) ?? null;
}
