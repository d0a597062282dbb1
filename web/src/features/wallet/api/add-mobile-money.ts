import type { TAddMobileMoneyRequest } from '@stagepass/contract/payment-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import type { TPaymentMethodResponse } from './payment-method-response';
import { paymentMethodsQueryKey } from './wallet-query-keys';

/** POST /api/payment-methods/mobile-money: saves a number (the server normalises it again). */
export function addMobileMoney(body: TAddMobileMoneyRequest) {
  return requestApi<TPaymentMethodResponse>('/api/payment-methods/mobile-money', { method: 'POST', body });
}

export function useAddMobileMoney() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMobileMoney,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
