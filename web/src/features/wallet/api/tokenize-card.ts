import type { TCardForm, TCardTokenResponse } from '@stagepass/contract/payment-methods';
import { ApiError, requestApi } from '../../../lib/api-client';

/**
 * Sends the card to the card processor's tokeniser (the sandbox's, standing in for a
 * processor's hosted fields) and answers its token. This is the only request that carries
 * the card number and the CVC, and it never goes to our API.
 */
export function tokenizeCard(tokenizeUrl: string, card: TCardForm) {
  if (new URL(tokenizeUrl, window.location.origin).pathname.startsWith('/api/')) {
    // A misconfigured processor must not turn our API into a place that sees card numbers.
    return Promise.reject(
      new ApiError({ message: 'Cards cannot be added yet.', code: 'NO_PROCESSOR', status: 0 }),
    );
  }
  return requestApi<TCardTokenResponse>(tokenizeUrl, { method: 'POST', body: card });
}
