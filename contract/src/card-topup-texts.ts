/**
 * The words, codes and limits of card top-ups, without zod: the web's Topup panel and
 * checkout import them without bringing the schemas (card-topups.ts re-exports them).
 */

import { formatKwacha } from './money-format.ts';

export const CARD_TOPUP_STATUSES = ['processing', 'requires-action', 'completed', 'failed'] as const;
export type TCardTopupStatus = (typeof CARD_TOPUP_STATUSES)[number];

/** Why a card top-up failed, as a code the web may branch on. */
export const CARD_TOPUP_FAILURE_CODES = [
  'DECLINED',
  'INSUFFICIENT_FUNDS',
  'AUTHENTICATION_REFUSED',
  'NOT_RECEIVED',
] as const;
export type TCardTopupFailureCode = (typeof CARD_TOPUP_FAILURE_CODES)[number];

/**
 * The same limits as a mobile money top-up (pawaPay's K1 to K20,000 per deposit), in ngwee,
 * so a person meets one rule whichever way they pay.
 */
export const CARD_TOPUP_LIMITS = { minAmount: 100, maxAmount: 2_000_000 } as const;

/** Where the browser lands after a 3-D Secure challenge when the top-up named no page. */
export const DEFAULT_CARD_TOPUP_RETURN_PATH = '/wallet';
/** The query parameter the landing page reads to find the top-up it came back from. */
export const CARD_TOPUP_RETURN_PARAM = 'cardTopup';

export const CARD_TOPUP_MESSAGES = {
  /** The spec's texts, as the mobile money Topup panel shows them. */
  completed: 'Transaction was successful',
  failed: 'Transaction failed!',
  insufficientFunds:
    "We couldn't proccess the transaction due to insufficient funds.Topup your balance and try again.",
  declined: 'Your card was declined.',
  authenticationRefused: 'The payment was not approved in the check by your bank.',
  notReceived: 'The card processor never received this payment; nothing was taken.',
  processing: 'Proccessing..',
  requiresAction: 'Your bank asks you to approve this payment.',
  amountTooSmall: `The smallest top-up is ${formatKwacha(CARD_TOPUP_LIMITS.minAmount)}.`,
  amountTooLarge: `The largest top-up is ${formatKwacha(CARD_TOPUP_LIMITS.maxAmount)}.`,
  cardNotFound: 'There is no such saved card.',
  topupIdTaken: 'This top-up id was already used for another top-up.',
  notFound: 'There is no such top-up.',
  cardsUnavailable: 'Card payments are not available yet.',
} as const;

const FAILURE_MESSAGES: Record<TCardTopupFailureCode, string> = {
  DECLINED: CARD_TOPUP_MESSAGES.declined,
  INSUFFICIENT_FUNDS: CARD_TOPUP_MESSAGES.insufficientFunds,
  AUTHENTICATION_REFUSED: CARD_TOPUP_MESSAGES.authenticationRefused,
  NOT_RECEIVED: CARD_TOPUP_MESSAGES.notReceived,
};

/** The words a person reads about a card top-up's failure: the server stores them, the web shows them. */
export function describeCardTopupFailure(code: TCardTopupFailureCode): string {
  return FAILURE_MESSAGES[code];
}
