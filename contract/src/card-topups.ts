import { z } from 'zod';
import { CARD_BRANDS, ZPaymentMethodId } from './payment-methods.ts';

/**
 * Top-ups by a saved card (issue 15, point 6). The client names the top-up (topupId, a
 * UUID), the amount in ngwee and one of its saved cards; the server charges the card
 * through the card processor and credits the wallet once the charge succeeded. A card
 * whose bank asks for 3-D Secure answers `requires-action` with a `challengeUrl` to open;
 * the challenge sends the browser back to the app, which then knows the outcome.
 */

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
  amountTooSmall: `The smallest top-up is K${CARD_TOPUP_LIMITS.minAmount / 100}.`,
  amountTooLarge: `The largest top-up is K${CARD_TOPUP_LIMITS.maxAmount / 100}.`,
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

/** A path on our own site (never another origin): "/wallet", "/@ama?tab=posts". */
export const ZReturnPath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'returnPath is a path on this site, such as /wallet.');

export const ZCardTopupAmount = z
  .number()
  .int('amount is a whole number of ngwee.')
  .min(CARD_TOPUP_LIMITS.minAmount, CARD_TOPUP_MESSAGES.amountTooSmall)
  .max(CARD_TOPUP_LIMITS.maxAmount, CARD_TOPUP_MESSAGES.amountTooLarge);

export const ZCardTopupRequest = z.object({
  /** Made by the client: a repeat is the same top-up, never a second charge. */
  topupId: z.uuid(),
  /** Ngwee. */
  amount: ZCardTopupAmount,
  /** One of the person's saved cards. */
  paymentMethodId: ZPaymentMethodId,
  /** Where the browser lands after a 3-D Secure challenge (default /wallet), with ?cardTopup=<id>. */
  returnPath: ZReturnPath.optional(),
});
export type TCardTopupRequest = z.input<typeof ZCardTopupRequest>;

export const ZCardTopup = z.object({
  topupId: z.uuid(),
  status: z.enum(CARD_TOPUP_STATUSES),
  /** Ngwee. */
  amount: z.number().int(),
  currency: z.literal('ZMW'),
  paymentMethodId: z.string(),
  card: z.object({ brand: z.enum(CARD_BRANDS), last4: z.string() }),
  /** Only while requires-action: open it (a full page) for the bank's check. */
  challengeUrl: z.string().nullable(),
  failureCode: z.enum(CARD_TOPUP_FAILURE_CODES).nullable(),
  /** describeCardTopupFailure(failureCode): the words to show. */
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TCardTopup = z.infer<typeof ZCardTopup>;

export const ZCardTopupResponse = z.object({ success: z.literal(true), topup: ZCardTopup });
export type TCardTopupResponse = z.infer<typeof ZCardTopupResponse>;

export const ZCardTopupIdParams = z.object({ topupId: z.uuid() });
export type TCardTopupIdParams = z.input<typeof ZCardTopupIdParams>;
