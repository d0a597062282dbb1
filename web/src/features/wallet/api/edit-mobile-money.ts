import type { paymentMethodRoutes } from '@stagepass/contract/payment-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { paymentMethodsQueryKey } from './wallet-query-keys';

/** PATCH /api/payment-methods/mobile-money/:id: a saved number's new phone. */
export function editMobileMoney({ id, phone }: { id: string; phone: string }) {
  return requestRoute<typeof paymentMethodRoutes.editMobileMoney>(
    'PATCH /api/payment-methods/mobile-money/:id',
    { params: { id }, body: { phone } },
  );
}

export function useEditMobileMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editMobileMoney,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
