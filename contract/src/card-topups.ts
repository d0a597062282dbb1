/**
 * Top-ups by a saved card (issue 15, point 6). The client names the top-up (topupId, a
 * UUID), the amount in ngwee and one of its saved cards; the server charges the card
 * through the card processor and credits the wallet once the charge succeeded. A card
 * whose bank asks for 3-D Secure answers `requires-action` with a `challengeUrl` to open;
 * the challenge sends the browser back to the app, which then knows the outcome.
 */

import { z } from 'zod';
import {
  CARD_TOPUP_FAILURE_CODES,
  CARD_TOPUP_LIMITS,
  CARD_TOPUP_MESSAGES,
  CARD_TOPUP_STATUSES,
} from './card-topup-texts.ts';
import { CARD_BRANDS, ZPaymentMethodId } from './payment-methods.ts';

// The words, codes and limits, for whoever imports the schemas.
export * from './card-topup-texts.ts';

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
