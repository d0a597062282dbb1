import { formatKwacha } from './money-format.ts';

/**
 * The words, statuses and limits of payouts, without zod: the web's payouts page imports
 * them without bringing the schemas (payouts.ts re-exports them).
 */

/**
 * A payout's status: pawaPay v1's, plus INITIATED, ours, for a payout saved and reserved
 * but not yet confirmed by pawaPay (its answer was lost; the reconciliation job settles it).
 */
export const PAYOUT_STATUSES = [
  'INITIATED',
  'ACCEPTED',
  'ENQUEUED',
  'SUBMITTED',
  'COMPLETED',
  'FAILED',
  'REJECTED',
] as const;
export type TPayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const FINAL_PAYOUT_STATUSES: readonly TPayoutStatus[] = ['COMPLETED', 'FAILED', 'REJECTED'];
export const isFinalPayoutStatus = (status: TPayoutStatus) => FINAL_PAYOUT_STATUSES.includes(status);

/** The smallest payout by default, in ngwee (PAYOUT_MIN overrides it). */
export const DEFAULT_PAYOUT_MIN = 2_000;
/** How often the payouts page asks about a payout not final yet. */
export const PAYOUT_STATUS_POLL_MS = 3_000;
export const PAYOUT_STATEMENT_DESCRIPTION = 'Stagepass payout';

export const PAYOUT_SOURCES = ['pass', 'unlock', 'tip', 'support'] as const;
export type TPayoutSource = (typeof PAYOUT_SOURCES)[number];

/** Where a payout stands, in words a creator reads on the payouts page. */
export const PAYOUT_STATUS_TEXTS: Record<TPayoutStatus, string> = {
  INITIATED: 'Sending…',
  ACCEPTED: 'Sending…',
  ENQUEUED: 'Waiting for the operator',
  SUBMITTED: 'On its way',
  COMPLETED: 'Paid',
  FAILED: 'Failed',
  REJECTED: 'Refused',
};

/**
 * Why a payout did not go through, by pawaPay's failure or rejection code, in words the
 * creator can act on. The money is back in their available earnings in every case.
 */
export const PAYOUT_FAILURE_TEXTS: Record<string, string> = {
  RECIPIENT_NOT_FOUND: 'This number is not registered for mobile money. Check it, or choose another number.',
  RECIPIENT_NOT_ALLOWED_TO_RECEIVE:
    'This mobile money account cannot receive money now. Ask your operator, or choose another number.',
  OTHER_ERROR: 'The operator could not complete the payout. Try again in a few minutes.',
  MANUALLY_CANCELLED: 'You cancelled this payout.',
  BALANCE_INSUFFICIENT: 'Payouts are paused on our side for a moment. Try again later; nothing was lost.',
  INVALID_RECIPIENT_FORMAT: 'This number is not in the right format for the operator.',
  INVALID_CORRESPONDENT: 'This operator does not take payouts.',
  AMOUNT_TOO_SMALL: 'The amount is below what the operator pays out.',
  AMOUNT_TOO_LARGE: 'The amount is above what the operator pays out at once. Send it in parts.',
  PAYOUTS_NOT_ALLOWED: 'Payouts are not possible right now. Try again later.',
  CORRESPONDENT_TEMPORARILY_UNAVAILABLE: 'The operator is not taking payouts right now. Try again later.',
  NOT_RECEIVED: 'The payout never reached the operator. Nothing was sent; try again.',
};
const FALLBACK_FAILURE_TEXT = 'The payout did not go through. Try again, or choose another number.';

export function describePayoutFailure(code: string | null | undefined): string {
  return (code && PAYOUT_FAILURE_TEXTS[code]) || FALLBACK_FAILURE_TEXT;
}

/** An operator's state for payouts, as pawaPay's availability says, in words. */
export const PAYOUT_AVAILABILITY_TEXTS = {
  OPERATIONAL: 'Paying out normally',
  DELAYED: 'Delayed: payouts wait and go out when the operator recovers',
  CLOSED: 'Closed: payouts are refused until the operator reopens',
} as const;

export const PAYOUT_MESSAGES = {
  amountTooSmall: (minNgwee: number) => `The smallest payout is ${formatKwacha(minNgwee)}.`,
  amountTooLarge: (maxNgwee: number) => `The largest payout at once is ${formatKwacha(maxNgwee)}.`,
  moreThanAvailable: (availableNgwee: number) => `You can pay out up to ${formatKwacha(availableNgwee)} now.`,
  noNumber: 'Add a mobile money number in Settings, or type one, to pay out.',
  payoutIdTaken: 'This payout id is already in use.',
  notFound: 'There is no such payout.',
  operatorClosed: 'This operator is not taking payouts right now. Try again later or choose another number.',
  notCancellable: 'Only a payout waiting for its operator can be cancelled.',
  providerUnavailable:
    'The mobile money provider did not answer. The payout is checked again and paid at most once.',
  deleteWithPayoutOnItsWay:
    'A payout is on its way to you. Delete your account once it has arrived or failed.',
  deleteWithEarnings: (availableNgwee: number) =>
    `You have ${formatKwacha(availableNgwee)} of earnings to pay out. Pay them out before you delete your account.`,
  autoPayoutNeedsNumber: 'Add a mobile money number to be paid to before you turn auto-payout on.',
  autoPayoutOn: 'Auto-payout is on.',
  autoPayoutOff: 'Auto-payout is off.',
} as const;
