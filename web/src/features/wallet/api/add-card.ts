import type { paymentMethodRoutes, TAddCardRequest } from '@stagepass/contract/payment-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client';
import { paymentMethodsQueryKey } from './wallet-query-keys';

/** POST /api/payment-methods/cards: the processor's token, never the card itself. */
export function addCard(body: TAddCardRequest) {
  return requestRoute<typeof paymentMethodRoutes.addCard>('POST /api/payment-methods/cards', { body });
}

export function useAddCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCard,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
