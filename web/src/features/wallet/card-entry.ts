import { PAYMENT_METHOD_MESSAGES, type TCardForm } from '@stagepass/contract/payment-methods';

/**
 * The card as the tokeniser gets it: the number without spaces or dashes, the expiry as
 * MM/YY however it was typed ('1230', '12 / 30', '2/30'), the CVC trimmed.
 */
export function normalizeCardEntry({ cardNumber, expires, cvc }: TCardForm): TCardForm {
  const expiryDigits = /^(\d{1,2})\s*\/?\s*(\d{2})$/.exec(expires.trim());
  const [, month = '', year = ''] = expiryDigits ?? [];
  return {
    cardNumber: cardNumber.replace(/[\s-]/g, ''),
    expires: expiryDigits ? `${month.padStart(2, '0')}/${year}` : expires.trim(),
    cvc: cvc.trim(),
  };
}

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
