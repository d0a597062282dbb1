import type { paymentMethodRoutes } from '@stagepass/contract/payment-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { paymentMethodsQueryKey } from './wallet-query-keys';

/** DELETE /api/payment-methods/:id: a mobile money number or a card. */
export function removePaymentMethod(id: string) {
  return requestRoute<typeof paymentMethodRoutes.removePaymentMethod>('DELETE /api/payment-methods/:id', {
    params: { id },
  });
}

export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePaymentMethod,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
