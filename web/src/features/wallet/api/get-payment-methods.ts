import type {
  TCardMethod,
  TMobileMoneyMethod,
  TPaymentMethodsResponse,
} from '@stagepass/contract/payment-methods';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import { paymentMethodsQueryKey } from './wallet-query-keys';

export type { TCardMethod, TMobileMoneyMethod, TPaymentMethodsResponse };

/** GET /api/payment-methods: the signed-in person's mobile money numbers and cards. */
export function getPaymentMethods({ signal }: { signal?: AbortSignal } = {}) {
  return requestApi<TPaymentMethodsResponse>('/api/payment-methods', { signal });
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
