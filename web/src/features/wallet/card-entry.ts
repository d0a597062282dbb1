import {
  detectCardBrand,
  isCardExpired,
  PAYMENT_METHOD_MESSAGES,
  parseCardExpiry,
  passesLuhn,
  type TCardForm,
  ZCardForm,
} from '@stagepass/contract/payment-methods';
import { formatExpiry } from './card-typing';

/**
 * The card as the tokeniser gets it: the number without spaces or dashes, the expiry as
 * MM/YY however it was typed ('1230', '12 / 30', '2/30', '12/2030'), the CVC trimmed.
 */
export function normalizeCardEntry({ cardNumber, expires, cvc }: TCardForm): TCardForm {
  const expiry = formatExpiry(expires, { isDeleting: true });
  return {
    cardNumber: cardNumber.replace(/[\s-]/g, ''),
    expires: /^\d{2}\/\d{2}$/.test(expiry) ? expiry : expires.trim(),
    cvc: cvc.trim(),
  };
}

// The tokeniser's own rules, checked before anything leaves the page so that every wrong
// field is flagged at once (the tokeniser stops at the first). It stays the authority.
const LONGEST_CARD_LIFE_YEARS = 20;

/** American Express prints four digits on the front; the others three on the back. */
function isCvcOfBrand(cvc: string, cardNumber: string): boolean {
  const brand = detectCardBrand(cardNumber);
  if (brand === 'amex') return /^\d{4}$/.test(cvc);
  if (brand === 'unknown') return /^\d{3,4}$/.test(cvc);
  return /^\d{3}$/.test(cvc);
}

export type CardEntryErrors = Partial<Record<keyof TCardForm, string>>;

/**
 * What is wrong with each field of the card form, all fields at once: empty (the spec's
 * flags), a number failing Luhn's check, an expiry that is not MM/YY or is past, a CVC
 * that is not the card's 3 (or Amex's 4) digits.
 */
export function checkCardEntry(entry: TCardForm, now: Date = new Date()): CardEntryErrors {
  const card = normalizeCardEntry(entry);
  const errors: CardEntryErrors = {};

  if (!card.cardNumber) errors.cardNumber = PAYMENT_METHOD_MESSAGES.cardNumberRequired;
  else if (!passesLuhn(card.cardNumber)) errors.cardNumber = PAYMENT_METHOD_MESSAGES.cardNumberInvalid;

  const expiry = parseCardExpiry(card.expires);
  if (!card.expires) errors.expires = PAYMENT_METHOD_MESSAGES.expiresRequired;
  else if (!expiry || expiry.expYear > now.getUTCFullYear() + LONGEST_CARD_LIFE_YEARS) {
    errors.expires = PAYMENT_METHOD_MESSAGES.expiresInvalid;
  } else if (isCardExpired(expiry, now)) errors.expires = PAYMENT_METHOD_MESSAGES.cardExpired;

  if (!card.cvc) errors.cvc = PAYMENT_METHOD_MESSAGES.cvcRequired;
  else if (!isCvcOfBrand(card.cvc, card.cardNumber)) errors.cvc = PAYMENT_METHOD_MESSAGES.cvcInvalid;

  return errors;
}

/**
 * The card form's schema: the spec's required fields (ZCardForm), and every other finding
 * of checkCardEntry under its own field, whether or not another field is empty.
 */
export const ZCardEntry = ZCardForm.superRefine((entry, context) => {
  for (const [field, message] of Object.entries(checkCardEntry(entry))) {
    context.addIssue({ code: 'custom', path: [field], message });
  }
});

const fieldsByCode: Record<string, keyof TCardForm> = {
  CARD_NUMBER_INVALID: 'cardNumber',
  EXPIRES_INVALID: 'expires',
  CARD_EXPIRED: 'expires',
  CVC_INVALID: 'cvc',
};

const fieldsByMessage: Record<string, keyof TCardForm> = {
  [PAYMENT_METHOD_MESSAGES.cardNumberInvalid]: 'cardNumber',
  [PAYMENT_METHOD_MESSAGES.expiresInvalid]: 'expires',
  [PAYMENT_METHOD_MESSAGES.cardExpired]: 'expires',
  [PAYMENT_METHOD_MESSAGES.cvcInvalid]: 'cvc',
};

/**
 * The field a tokeniser's refusal is about (by its code, else by its words), so it shows
 * under that field; 'root' for the form's notice otherwise.
 */
export function findCardMessageField({
  code,
  message,
}: {
  code?: string;
  message: string;
}): keyof TCardForm | 'root' {
  if (code && Object.hasOwn(fieldsByCode, code)) return fieldsByCode[code] ?? 'root';
  return Object.hasOwn(fieldsByMessage, message) ? (fieldsByMessage[message] ?? 'root') : 'root';
}
