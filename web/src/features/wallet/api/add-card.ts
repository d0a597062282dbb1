import type { TAddCardRequest } from '@stagepass/contract/payment-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client';
import type { TPaymentMethodResponse } from './payment-method-response';
import { paymentMethodsQueryKey } from './wallet-query-keys';

/** POST /api/payment-methods/cards: the processor's token, never the card itself. */
export function addCard(body: TAddCardRequest) {
  return requestApi<TPaymentMethodResponse>('/api/payment-methods/cards', { method: 'POST', body });
}

export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCard,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
