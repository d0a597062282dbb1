import { WALLET_MESSAGES } from '@stagepass/contract/wallet';

/** The provider's limits for one operator, in ngwee. */
export type TopupLimit = { minAmount: number; maxAmount: number };

export type AmountCheck = { ngwee: number; error?: undefined } | { ngwee?: undefined; error: string };

/**
 * The Topup panel's amount, typed or chosen from the presets: a whole number of kwacha
 * (a leading K is allowed), not zero, and within the operator's limits once the operator
 * is known.
 */
export function checkTopupAmount(typed: string, limit?: TopupLimit | null): AmountCheck {
  const text = typed.trim().replace(/^[Kk]\s*/, '');
  if (text === '' || /^0+(\.0*)?$/.test(text)) return { error: WALLET_MESSAGES.amountRequired };
  if (!/^\d{1,9}$/.test(text)) return { error: WALLET_MESSAGES.amountWhole };
  const ngwee = Number(text) * 100;
  if (limit) {
    if (ngwee < limit.minAmount)
      return { error: WALLET_MESSAGES.amountTooSmall(Math.ceil(limit.minAmount / 100)) };
    if (ngwee > limit.maxAmount) {
      return { error: WALLET_MESSAGES.amountTooLarge(Math.floor(limit.maxAmount / 100)) };
    }
  }
  return { ngwee };
}
