import {
  detectCardBrand,
  isCardExpired,
  PAYMENT_METHOD_MESSAGES,
  parseCardExpiry,
  passesLuhn,
  type TCardBrand,
  type TCardForm,
  type TCardTokenResponse,
} from '@stagepass/contract/payment-methods';
import { AppError } from '../../../../../lib/errors.ts';
import { createSandboxCardToken, fingerprintCardNumber } from './sandbox-card-token.ts';

// No card is made to last longer than this; a later year is a typing mistake.
const LONGEST_CARD_LIFE_YEARS = 20;

/**
 * What a hosted-fields tokeniser does: checks the card as typed and answers a token for it.
 * The number and the CVC live only in this call: the CVC is checked and dropped, and of the
 * number only the last four digits and a keyed fingerprint leave it. Errors name no digit.
 */
export function tokenizeCard(options: {
  appSecret: string;
  form: TCardForm;
  now?: Date;
}): TCardTokenResponse {
  const { appSecret, form, now = new Date() } = options;
  const digits = form.cardNumber.replace(/\s+/g, '');
  if (!passesLuhn(digits)) {
    throw new AppError('CARD_NUMBER_INVALID', PAYMENT_METHOD_MESSAGES.cardNumberInvalid, 400);
  }
  const expiry = parseCardExpiry(form.expires);
  if (!expiry || expiry.expYear > now.getUTCFullYear() + LONGEST_CARD_LIFE_YEARS) {
    throw new AppError('EXPIRES_INVALID', PAYMENT_METHOD_MESSAGES.expiresInvalid, 400);
  }
  if (isCardExpired(expiry, now))
    throw new AppError('CARD_EXPIRED', PAYMENT_METHOD_MESSAGES.cardExpired, 400);
  const brand = detectCardBrand(digits);
  if (!isCvcOfBrand(form.cvc, brand)) {
    throw new AppError('CVC_INVALID', PAYMENT_METHOD_MESSAGES.cvcInvalid, 400);
  }
  const card = { brand, last4: digits.slice(-4), ...expiry };
  const token = createSandboxCardToken(appSecret, {
    ...card,
    fingerprint: fingerprintCardNumber(appSecret, digits),
  });
  return { token, card };
}

/** American Express prints four digits on the front; the others three on the back. */
function isCvcOfBrand(cvc: string, brand: TCardBrand): boolean {
  if (brand === 'amex') return /^\d{4}$/.test(cvc);
  if (brand === 'unknown') return /^\d{3,4}$/.test(cvc);
  return /^\d{3}$/.test(cvc);
}
