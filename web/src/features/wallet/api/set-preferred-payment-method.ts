import type {
  paymentMethodRoutes,
  TPaymentMethodResponse,
  TSetPreferredRequest,
} from '@stagepass/contract/payment-methods';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { genericErrorMessage, requestRoute } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import type { TPaymentMethodsResponse } from './get-payment-methods';
import { paymentMethodsQueryKey } from './wallet-query-keys';

/** PUT /api/payment-methods/preferred. */
export function setPreferredPaymentMethod(body: TSetPreferredRequest) {
  return requestRoute<typeof paymentMethodRoutes.setPreferredPaymentMethod>(
    'PUT /api/payment-methods/preferred',
    {
      body,
    },
  );
}

/**
 * The spec's "Preferred payment method": the flag is cleared on every mobile money number
 * and card, then set on the chosen one.
 */
export function markPreferred(
  methods: TPaymentMethodsResponse,
  { type, _id }: TSetPreferredRequest,
): TPaymentMethodsResponse {
  return {
    ...methods,
    mobileMoney: methods.mobileMoney.map((method) => ({
      ...method,
      preffered: type === 'mobile-money' && method._id === _id,
    })),
    cards: methods.cards.map((card) => ({ ...card, preffered: type === 'card' && card._id === _id })),
  };
}

/**
 * Optimistic: the list shows the new choice at once. On failure the old list comes back,
 * 'An error occured!' is toasted and the methods and the session are fetched again.
 */
export function useSetPreferredPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation<
    TPaymentMethodResponse,
    Error,
    TSetPreferredRequest,
    { previous: TPaymentMethodsResponse | undefined }
  >({
    mutationFn: setPreferredPaymentMethod,
    onMutate: async (choice) => {
      await queryClient.cancelQueries({ queryKey: paymentMethodsQueryKey });
      const previous = queryClient.getQueryData<TPaymentMethodsResponse>(paymentMethodsQueryKey);
      if (previous) queryClient.setQueryData(paymentMethodsQueryKey, markPreferred(previous, choice));
      return { previous };
    },
    onError: (_error, _choice, context) => {
      if (context?.previous) queryClient.setQueryData(paymentMethodsQueryKey, context.previous);
      toast.error(genericErrorMessage);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey }),
  });
}
