import { CARD_TOPUP_MESSAGES } from '@stagepass/contract/card-topup-texts';

/**
 * pawaPay's failure and rejection codes (deposits, v1), and a card top-up's, in words a
 * payer understands. Codes this list does not know read as a general failure rather than
 * as a code.
 */
const failureReasons: Record<string, string> = {
  INSUFFICIENT_BALANCE: 'Not enough money on the mobile money account.',
  BALANCE_INSUFFICIENT: 'Not enough money on the mobile money account.',
  PAYMENT_NOT_APPROVED: 'The payment was not approved on the phone.',
  PAYER_NOT_FOUND: 'This number has no mobile money account.',
  PAYER_LIMIT_REACHED: 'The mobile money account has reached its limit.',
  TRANSACTION_ALREADY_IN_PROCESS: 'Another payment from this number was still in progress.',
  AMOUNT_TOO_SMALL: 'The amount is below what the operator accepts.',
  AMOUNT_TOO_LARGE: 'The amount is above what the operator accepts.',
  AMOUNT_OUT_OF_BOUNDS: 'The amount is outside what the operator accepts.',
  INVALID_PAYER_FORMAT: 'The phone number is not valid for this operator.',
  INVALID_AMOUNT: 'The amount is not valid.',
  CORRESPONDENT_TEMPORARILY_UNAVAILABLE: 'The operator is not taking payments right now.',
  DEPOSITS_NOT_ALLOWED: 'The operator is not taking payments right now.',
  // A card top-up's (contract/card-topup-texts.ts).
  DECLINED: CARD_TOPUP_MESSAGES.declined,
  INSUFFICIENT_FUNDS: CARD_TOPUP_MESSAGES.insufficientFunds,
  AUTHENTICATION_REFUSED: CARD_TOPUP_MESSAGES.authenticationRefused,
  NOT_RECEIVED: CARD_TOPUP_MESSAGES.notReceived,
};

const generalFailure = 'The operator could not complete the payment.';

export function describeFailureCode(failureCode: string): string {
  return Object.hasOwn(failureReasons, failureCode)
    ? (failureReasons[failureCode] ?? generalFailure)
    : generalFailure;
}
