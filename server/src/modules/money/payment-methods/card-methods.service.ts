import { isCardExpired, PAYMENT_METHOD_MESSAGES } from '@stagepass/contract/payment-methods';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import type { CardProcessor } from '../providers/cards/card-processor.ts';
import type { TPaymentMethod } from './payment-method-view.ts';
import { addPaymentMethod } from './payment-methods.service.ts';

/**
 * Saves the card behind a processor's token. What we keep comes from the processor, never
 * from the client: the token, the brand, the last four digits, the expiry and the
 * fingerprint that recognises the same card saved twice.
 */
export async function addCardMethod(options: {
  db: Db;
  cardProcessor: CardProcessor | undefined;
  userId: string;
  id: string | undefined;
  token: string;
  isPreferred: boolean;
  now?: Date;
}): Promise<{ method: TPaymentMethod; isNew: boolean }> {
  const { cardProcessor, token, now = new Date(), ...rest } = options;
  if (!cardProcessor) {
    throw new AppError('CARDS_UNAVAILABLE', PAYMENT_METHOD_MESSAGES.cardsUnavailable, 503);
  }
  const card = await cardProcessor.retrieveCard(token);
  if (!card) throw new AppError('CARD_TOKEN_INVALID', PAYMENT_METHOD_MESSAGES.cardTokenInvalid, 400);
  // A token made before the month turned can outlive its card.
  if (isCardExpired(card, now)) throw new AppError('CARD_EXPIRED', PAYMENT_METHOD_MESSAGES.cardExpired, 400);
  return addPaymentMethod({
    ...rest,
    method: {
      type: 'card',
      cardToken: token,
      cardBrand: card.brand,
      cardLast4: card.last4,
      cardExpMonth: card.expMonth,
      cardExpYear: card.expYear,
      cardFingerprint: card.fingerprint,
    },
  });
}
