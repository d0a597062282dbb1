import type { paymentMethodRoutes, TCardProcessorResponse } from '@stagepass/contract/payment-methods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { cardProcessorQueryKey } from './wallet-query-keys';

export type { TCardProcessorResponse };

/**
 * GET /api/payment-methods/card-processor: where the browser sends a card to be tokenised
 * (the sandbox processor outside production), or none (cards cannot be added yet).
 */
export function getCardProcessor({ signal }: { signal?: AbortSignal } = {}) {
  return requestRoute<typeof paymentMethodRoutes.getCardProcessor>(
    'GET /api/payment-methods/card-processor',
    {
      signal,
    },
  );
}

export function getCardProcessorQueryOptions() {
  return queryOptions({
    queryKey: cardProcessorQueryKey,
    queryFn: ({ signal }) => getCardProcessor({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCardProcessor() {
  return useQuery(getCardProcessorQueryOptions());
}
