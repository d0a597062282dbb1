import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import type { TPaymentMethodMessageResponse } from './payment-method-response';
import { paymentMethodsQueryKey } from './wallet-query-keys';

/** DELETE /api/payment-methods/:id: a mobile money number or a card. */
export function removePaymentMethod(id: string) {
  return requestApi<TPaymentMethodMessageResponse>(`/api/payment-methods/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePaymentMethod,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
