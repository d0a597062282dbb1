import type { passRoutes, TPassPeriod, TPassPrice, TPricingLimitsResponse } from '@stagepass/contract/passes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { profilesQueryKey } from '../../profiles/api/get-profile';

// Types only from the contract: the modals must not bring zod with them.
export type { TPassPeriod, TPassPrice, TPricingLimitsResponse };

export const pricingLimitsQueryKey = ['passes', 'pricing-limits'] as const;

/** GET /api/users/pricing-limits: the bounds per period and the creator's own prices. */
export function usePricingLimits() {
  return useQuery(
    queryOptions({
      queryKey: pricingLimitsQueryKey,
      queryFn: ({ signal }) =>
        requestRoute<typeof passRoutes.getPricingLimits>('GET /api/users/pricing-limits', { signal }),
    }),
  );
}

/** PUT /api/users/pricing: one period's price in ngwee, or null to stop offering it. */
export function useSetPricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { period: TPassPeriod; price: number | null }) =>
      requestRoute<typeof passRoutes.setPricing>('PUT /api/users/pricing', { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: pricingLimitsQueryKey });
      void queryClient.invalidateQueries({ queryKey: profilesQueryKey });
    },
  });
}
