import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import type { TPaymentMethodResponse } from './payment-method-response';
import { paymentMethodsQueryKey } from './wallet-query-keys';

/** PATCH /api/payment-methods/mobile-money/:id: a saved number's new phone. */
export function editMobileMoney({ id, phone }: { id: string; phone: string }) {
  return requestApi<TPaymentMethodResponse>(`/api/payment-methods/mobile-money/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { phone },
  });
}

export function useEditMobileMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editMobileMoney,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
