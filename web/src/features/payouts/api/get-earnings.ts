import type { payoutRoutes, TEarningsResponse } from '@stagepass/contract/payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { earningsQueryKey } from './payouts-query-keys';

// Types only from the contract (its schemas bring zod); the words come from payout-texts.ts.
export type { TEarningsResponse };

/** GET /api/earnings: available, held, on its way, paid out, the minimum and auto-payout. */
export function getEarnings({ signal }: { signal?: AbortSignal } = {}) {
  return requestRoute<typeof payoutRoutes.getEarnings>('GET /api/earnings', { signal });
}

export function getEarningsQueryOptions() {
  return queryOptions({ queryKey: earningsQueryKey, queryFn: ({ signal }) => getEarnings({ signal }) });
}

export function useEarnings() {
  return useQuery(getEarningsQueryOptions());
}
