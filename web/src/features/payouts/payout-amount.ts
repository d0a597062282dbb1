import { PAYOUT_MESSAGES } from '@stagepass/contract/payout-texts';
import { parseKwachaToNgwee } from '../../lib/money';

export const PAYOUT_AMOUNT_MESSAGES = {
  required: 'Enter the amount to pay out.',
  invalid: 'Enter an amount in kwacha, such as 50 or 50.50.',
} as const;

export type PayoutAmountCheck = { ngwee: number; error?: undefined } | { ngwee?: undefined; error: string };

/**
 * The amount a creator typed, as the server will judge it, in the server's words: at least
 * the minimum payout and not more than what is available now.
 */
export function checkPayoutAmount(
  typed: string,
  { available, minimum }: { available: number; minimum: number },
): PayoutAmountCheck {
  if (typed.trim() === '') return { error: PAYOUT_AMOUNT_MESSAGES.required };
  const ngwee = parseKwachaToNgwee(typed);
  if (ngwee === null) return { error: PAYOUT_AMOUNT_MESSAGES.invalid };
  if (ngwee < minimum) return { error: PAYOUT_MESSAGES.amountTooSmall(minimum) };
  if (ngwee > available) return { error: PAYOUT_MESSAGES.moreThanAvailable(available) };
  return { ngwee };
}

/** Ngwee as the amount field shows it, without the K: 9000 → '90', 4550 → '45.50'. */
export function toAmountField(ngwee: number): string {
  const kwacha = Math.trunc(ngwee / 100);
  const rest = ngwee % 100;
  return rest === 0 ? String(kwacha) : `${kwacha}.${String(rest).padStart(2, '0')}`;
}
