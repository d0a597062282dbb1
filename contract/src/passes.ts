import { z } from 'zod';
import { ZErrorResponse } from './errors.ts';
import { ZImageAsset } from './media.ts';
import { formatKwachaNumber } from './money-format.ts';
import { PASS_PERIODS, type TPassPeriod } from './purchases.ts';
import { defineRoutes } from './routes.ts';

/**
 * Passes (the spec's subscription, prepaid; issue 15): a creator's prices per period
 * (set-pricing), and the fan's passes with their expiry and opt-in renewal from the wallet.
 * Prices are integer ngwee; the pricing modal's bounds are the server's.
 */

export { PASS_PERIOD_DAYS, PASS_PERIODS, type TPassPeriod } from './purchases.ts';

export const PASS_MESSAGES = {
  /**
   * The spec's set-pricing rule, word for word with its lowercase k; the numbers are written
   * as every other amount is (k2,000, not k2000), since the spec fixes the words, not how a
   * number reads.
   */
  priceOutOfBounds: (minNgwee: number, maxNgwee: number) =>
    `Set between k${formatKwachaNumber(minNgwee)} - k${formatKwachaNumber(maxNgwee)}`,
  periodNotOffered: (period: TPassPeriod) => `This creator does not offer a ${PERIOD_NOUNS[period]} pass.`,
  noPass: 'You have no pass to this creator.',
  creatorNotFound: 'There is no such creator.',
} as const;

const PERIOD_NOUNS: Record<TPassPeriod, string> = { daily: 'daily', weekly: 'weekly', monthly: 'monthly' };

/**
 * How long before its end a pass is reminded of, by mail and in the app alike: a day for a
 * weekly or monthly pass, two hours for a daily one.
 */
export const PASS_REMINDER_LEAD_MS: Record<TPassPeriod, number> = {
  daily: 2 * 3_600_000,
  weekly: 86_400_000,
  monthly: 86_400_000,
};

export const ZPassPeriod = z.enum(PASS_PERIODS);

/** A price a creator offers for one period, in ngwee. */
export const ZPassPrice = z.object({ period: ZPassPeriod, price: z.number().int().positive() });
export type TPassPrice = z.infer<typeof ZPassPrice>;

export const ZSetPricingRequest = z.object({
  period: ZPassPeriod,
  /** Integer ngwee within the period's bounds; null stops offering the period. */
  price: z.number().int('Enter a whole amount.').nullable(),
});
export type TSetPricingRequest = z.input<typeof ZSetPricingRequest>;

export const ZSetPricingResponse = z.object({
  success: z.literal(true),
  /** Every period the creator now offers, daily first. */
  prices: z.array(ZPassPrice),
});
export type TSetPricingResponse = z.infer<typeof ZSetPricingResponse>;

export const ZPriceBounds = z.object({ min: z.number().int(), max: z.number().int() });
export type TPriceBounds = z.infer<typeof ZPriceBounds>;

export const ZPricingLimitsResponse = z.object({
  success: z.literal(true),
  /** Per period, in ngwee, both ends allowed. */
  limits: z.object({ daily: ZPriceBounds, weekly: ZPriceBounds, monthly: ZPriceBounds }),
  /** What the signed-in creator offers now. */
  prices: z.array(ZPassPrice),
});
export type TPricingLimitsResponse = z.infer<typeof ZPricingLimitsResponse>;

export const ZPass = z
  .object({
    creator: z.object({ username: z.string(), name: z.string(), imageAsset: ZImageAsset.nullable() }),
    /** The period last bought: what a renewal buys. */
    period: ZPassPeriod,
    expiresAt: z.string(),
    isActive: z.boolean(),
    /** When the reminder is due: PASS_REMINDER_LEAD_MS before expiresAt. */
    remindAt: z.string(),
    /** Active and past remindAt: the app reminds the fan, as the mail does. */
    isEndingSoon: z.boolean(),
    isAutoRenew: z.boolean(),
    /** What renewing the same period costs now, in ngwee; null when the creator no longer offers it. */
    renewalPrice: z.number().int().nullable(),
  })
  .meta({ id: 'Pass' });
export type TPass = z.infer<typeof ZPass>;

export const ZPassesResponse = z.object({ success: z.literal(true), passes: z.array(ZPass) });
export type TPassesResponse = z.infer<typeof ZPassesResponse>;

export const ZPassCreatorParams = z.object({ creator: z.string().min(1).max(64) });
export type TPassCreatorParams = z.input<typeof ZPassCreatorParams>;

export const ZAutoRenewRequest = z.object({ enabled: z.boolean() });
export type TAutoRenewRequest = z.input<typeof ZAutoRenewRequest>;

export const ZPassResponse = z.object({ success: z.literal(true), pass: ZPass });
export type TPassResponse = z.infer<typeof ZPassResponse>;

const tags = ['passes'];

export const passRoutes = defineRoutes({
  setPricing: {
    method: 'PUT',
    path: '/api/users/pricing',
    audience: 'creator',
    tags,
    summary: "Set or withdraw the signed-in creator's price for one pass period (set-pricing)",
    description:
      'Creators only. A creator may offer daily, weekly and monthly passes at once. The price is integer ' +
      "ngwee within the period's bounds (GET /api/users/pricing-limits), else 400 'Set between k{min} - " +
      "k{max}'; null stops offering the period. Passes already bought keep their expiry.",
    body: ZSetPricingRequest,
    response: { 200: ZSetPricingResponse, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse },
  },
  getPricingLimits: {
    method: 'GET',
    path: '/api/users/pricing-limits',
    audience: 'creator',
    tags,
    summary: "The bounds of a pass's price per period, and the signed-in creator's prices",
    response: { 200: ZPricingLimitsResponse, 401: ZErrorResponse, 403: ZErrorResponse },
  },
  listPasses: {
    method: 'GET',
    path: '/api/passes',
    audience: 'signed-in',
    tags,
    summary: "The signed-in fan's passes, active first",
    description: 'Each with its expiry, the creator, and what renewing the same period costs now.',
    response: { 200: ZPassesResponse, 401: ZErrorResponse },
  },
  setAutoRenew: {
    method: 'PUT',
    path: '/api/passes/:creator/auto-renew',
    audience: 'signed-in',
    tags,
    summary: 'Opt in or out of renewing a pass from the wallet before it ends',
    description: "creator is the creator's username, with or without its @. Renewal never uses mobile money.",
    params: ZPassCreatorParams,
    body: ZAutoRenewRequest,
    response: { 200: ZPassResponse, 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse },
  },
});
