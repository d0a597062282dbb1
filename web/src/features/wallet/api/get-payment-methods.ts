import type {
  paymentMethodRoutes,
  TCardMethod,
  TMobileMoneyMethod,
  TPaymentMethodsResponse,
} from '@stagepass/contract/payment-methods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { paymentMethodsQueryKey } from './wallet-query-keys';

export type { TCardMethod, TMobileMoneyMethod, TPaymentMethodsResponse };

/** GET /api/payment-methods: the signed-in person's mobile money numbers and cards. */
export function getPaymentMethods({ signal }: { signal?: AbortSignal } = {}) {
  return requestRoute<typeof paymentMethodRoutes.listPaymentMethods>('GET /api/payment-methods', { signal });
}

export function getPaymentMethodsQueryOptions() {
  return queryOptions({
    queryKey: paymentMethodsQueryKey,
    queryFn: ({ signal }) => getPaymentMethods({ signal }),
  });
}

export function usePaymentMethods({ isEnabled = true }: { isEnabled?: boolean } = {}) {
  return useQuery({ ...getPaymentMethodsQueryOptions(), enabled: isEnabled });
}
