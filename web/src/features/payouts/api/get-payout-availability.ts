import type { payoutRoutes, TPayoutAvailabilityResponse } from '@stagepass/contract/payouts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { payoutAvailabilityQueryKey } from './payouts-query-keys';

export type TOperatorAvailability = TPayoutAvailabilityResponse['operators'][number];

/** GET /api/payouts/availability: each operator's state for payouts (the server caches it a minute). */
export function getPayoutAvailabilityQueryOptions() {
  return queryOptions({
    queryKey: payoutAvailabilityQueryKey,
    queryFn: ({ signal }) =>
      requestRoute<typeof payoutRoutes.getPayoutAvailability>('GET /api/payouts/availability', { signal }),
    select: (answer) => answer.operators,
    staleTime: 60 * 1000,
    // Only a hint beside the form: a provider that cannot be asked must not hold the page up.
    retry: false,
  });
}

export function usePayoutAvailability() {
  return useQuery(getPayoutAvailabilityQueryOptions());
}
