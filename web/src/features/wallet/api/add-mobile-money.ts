import type { paymentMethodRoutes, TAddMobileMoneyRequest } from '@stagepass/contract/payment-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { paymentMethodsQueryKey } from './wallet-query-keys';

/** POST /api/payment-methods/mobile-money: saves a number (the server normalises it again). */
export function addMobileMoney(body: TAddMobileMoneyRequest) {
  return requestRoute<typeof paymentMethodRoutes.addMobileMoney>('POST /api/payment-methods/mobile-money', {
    body,
  });
}

export function useAddMobileMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMobileMoney,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
