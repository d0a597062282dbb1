import { z } from 'zod';
import { ZCardTopup, ZReturnPath } from './card-topups.ts';
import { ZErrorResponse } from './errors.ts';
import { ITEM_KINDS } from './items.ts';
import { CORRESPONDENTS } from './mobile-money.ts';
import { formatKwacha } from './money-format.ts';
import { ZPaymentMethodId } from './payment-methods.ts';
import { defineRoutes } from './routes.ts';

/**
 * Paying creators (issue 15, decision 017): a pass, an unlock, a tip or one-off support,
 * paid from the wallet, or with the wallet's shortfall topped up by mobile money or a card
 * on the way. Amounts are integer ngwee. The price is always the server's: a client may say
 * what it showed (expectedAmount) and is told when the price moved in between.
 */

export const PURCHASE_KINDS = ['pass', 'unlock', 'tip', 'support'] as const;
export type TPurchaseKind = (typeof PURCHASE_KINDS)[number];
export const PURCHASE_STATUSES = ['awaiting-payment', 'completed', 'failed'] as const;
export type TPurchaseStatus = (typeof PURCHASE_STATUSES)[number];
export const PASS_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type TPassPeriod = (typeof PASS_PERIODS)[number];
export const PASS_PERIOD_DAYS: Record<TPassPeriod, number> = { daily: 1, weekly: 7, monthly: 30 };
/** Every kind of item may be sold on its own: a post, a track, a video (an episode too) or a whole series. */
export const UNLOCKABLE_ITEM_TYPES = ITEM_KINDS;

/** One-off support: what a fan may send at once, in ngwee. */
export const SUPPORT_MIN_AMOUNT = 100;
export const SUPPORT_MAX_AMOUNT = 2_000_000;
/** The longest message a fan may send with support, in characters (after trimming). */
export const SUPPORT_MESSAGE_MAX_LENGTH = 280;

export const PURCHASE_MESSAGES = {
  insufficientBalance: (shortfallNgwee: number) =>
    `Top up your balance: ${formatKwacha(shortfallNgwee)} more is needed.`,
  priceChanged: (amountNgwee: number) => `The price is now ${formatKwacha(amountNgwee)}. Confirm to pay it.`,
  purchaseIdReused: 'This purchase id was already used for another purchase.',
  creatorNotFound: 'There is no such creator.',
  notACreator: 'Only creators can be paid.',
  ownPage: 'You cannot pay yourself.',
  /**
   * Every purchase (pass, unlock, tip, support) and every path (wallet, a top-up completing
   * later, a pass renewing) between two accounts when either has blocked the other.
   */
  blocked: 'No money can move between you and this account: one of you has blocked the other.',
  notFound: 'There is no such purchase.',
  supportAmount: `Send between ${formatKwacha(SUPPORT_MIN_AMOUNT)} and ${formatKwacha(SUPPORT_MAX_AMOUNT)}.`,
  supportMessageTooLong: `Keep the message to ${SUPPORT_MESSAGE_MAX_LENGTH} characters.`,
  noLongerPossible: 'This can no longer be bought; the money stays in your wallet.',
  topupFailed: 'The top-up did not go through, so nothing was bought.',
} as const;

const ZNgwee = z.number().int().positive().max(1_000_000_000);

export const ZPurchaseFunding = z.discriminatedUnion('method', [
  z.object({ method: z.literal('wallet') }),
  z.object({
    method: z.literal('mobile-money'),
    /** The payer's number, country code first: 260 and 9 digits. */
    phone: z.string().regex(/^260\d{9}$/, 'Phone is 260 and 9 digits'),
    correspondent: z.enum(CORRESPONDENTS),
  }),
  z.object({
    method: z.literal('card'),
    /** One of the fan's saved cards. */
    paymentMethodId: ZPaymentMethodId,
    /** Where the browser lands after a 3-D Secure challenge (default /wallet). */
    returnPath: ZReturnPath.optional(),
  }),
]);
export type TPurchaseFunding = z.infer<typeof ZPurchaseFunding>;

/**
 * Support's message: trimmed, at most SUPPORT_MESSAGE_MAX_LENGTH characters (code points, as
 * a person counts them: an emoji is one), and blank is no message. Characters the database
 * cannot store (NUL, a lone surrogate) are refused for every request before this runs.
 */
export const ZSupportMessage = z
  .string()
  .trim()
  .refine((text) => [...text].length <= SUPPORT_MESSAGE_MAX_LENGTH, PURCHASE_MESSAGES.supportMessageTooLong)
  .transform((text) => (text === '' ? undefined : text));

const purchaseCommon = {
  purchaseId: z.uuid(),
  /** The creator's username, with or without its @. */
  creator: z.string().min(1).max(60),
  funding: ZPurchaseFunding.default({ method: 'wallet' }),
  /** What the fan was shown, in ngwee: a different price now answers 409 PRICE_CHANGED. */
  expectedAmount: ZNgwee.optional(),
};

export const ZPurchaseRequest = z.discriminatedUnion('kind', [
  z.object({ ...purchaseCommon, kind: z.literal('pass'), period: z.enum(PASS_PERIODS) }),
  z.object({
    ...purchaseCommon,
    kind: z.literal('unlock'),
    item: z.object({ type: z.enum(UNLOCKABLE_ITEM_TYPES), id: z.string().min(1).max(64) }),
  }),
  z.object({
    ...purchaseCommon,
    kind: z.literal('tip'),
    postId: z.string().min(1).max(64),
    tipName: z.string().min(1).max(40),
    amount: ZNgwee,
  }),
  z.object({
    ...purchaseCommon,
    kind: z.literal('support'),
    amount: ZNgwee.min(SUPPORT_MIN_AMOUNT, PURCHASE_MESSAGES.supportAmount).max(
      SUPPORT_MAX_AMOUNT,
      PURCHASE_MESSAGES.supportAmount,
    ),
    /** A note for the creator, shown to them alone; trimmed, blank is none. */
    message: ZSupportMessage.optional(),
  }),
]);
export type TPurchaseRequest = z.input<typeof ZPurchaseRequest>;

/** A purchase as its fan sees it (the platform's fee is not shown). */
export const ZPurchase = z.object({
  purchaseId: z.uuid(),
  kind: z.enum(PURCHASE_KINDS),
  status: z.enum(PURCHASE_STATUSES),
  amount: z.number().int(),
  currency: z.literal('ZMW'),
  creator: z.object({ username: z.string(), name: z.string() }).nullable(),
  /** What was bought, in the kind's words: { period } for a pass, { itemType, itemId } for an unlock … */
  details: z.record(z.string(), z.union([z.string(), z.number()])),
  /** A top-up of the shortfall this purchase waits on: poll it as the Topup panel does. */
  awaitedTopupId: z.uuid().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type TPurchase = z.infer<typeof ZPurchase>;

export const ZPurchaseResponse = z.object({
  success: z.literal(true),
  purchase: ZPurchase,
  /** The top-up started for the shortfall, when the funding was mobile money or a card. */
  deposit: z.object({ depositId: z.uuid(), status: z.string() }).optional(),
  /** The card top-up started for the shortfall (funding card): its status, and challengeUrl for 3-D Secure. */
  cardTopup: ZCardTopup.optional(),
});
export type TPurchaseResponse = z.infer<typeof ZPurchaseResponse>;

export const ZPurchaseIdParams = z.object({ purchaseId: z.uuid() });
export type TPurchaseIdParams = z.infer<typeof ZPurchaseIdParams>;

export const ZPurchasesQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TPurchasesQuery = z.input<typeof ZPurchasesQuery>;

export const ZPurchasesResponse = z.object({
  success: z.literal(true),
  purchases: z.array(ZPurchase),
  nextCursor: z.string().nullable(),
});
export type TPurchasesResponse = z.infer<typeof ZPurchasesResponse>;

const tags = ['purchases'];
const refusals = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  402: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
  502: ZErrorResponse,
};

export const purchaseRoutes = defineRoutes({
  createPurchase: {
    method: 'POST',
    path: '/api/purchases',
    audience: 'signed-in',
    tags,
    summary: 'Pay a creator: a pass, an unlock, a tip or one-off support',
    description:
      "The price is the server's at this moment, never the body's: a tip's amount must be its named " +
      "tip's, support's is the fan's choice (K1..K20,000), with an optional message for the creator " +
      `(trimmed, at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters, kept once with the purchase). purchaseId is made by the client: sending the ` +
      'same purchase again answers it as it is now and never charges twice; another purchase under the ' +
      'same id is 409. With expectedAmount, a price that moved in between is 409 PRICE_CHANGED with the ' +
      'new amount, and nothing is charged. funding wallet (the default): paid at once in one ledger ' +
      'transaction (fan wallet → creator earnings and the platform fee), or 402 INSUFFICIENT_BALANCE ' +
      'with the shortfall. funding mobile-money or card: the wallet pays what it holds and a top-up of ' +
      'the shortfall is started (deposit, or cardTopup with its status and, for 3-D Secure, its ' +
      'challengeUrl); the purchase is awaiting-payment and completes in the same database ' +
      'transaction that credits the top-up, exactly once; if the top-up fails, nothing is bought.',
    body: ZPurchaseRequest,
    response: { 200: ZPurchaseResponse, 201: ZPurchaseResponse, ...refusals },
  },
  listPurchases: {
    method: 'GET',
    path: '/api/purchases',
    audience: 'signed-in',
    tags,
    summary: "The signed-in fan's receipts, newest first",
    description: 'Keyset-paged: pass nextCursor as cursor for older ones. Amounts are integer ngwee.',
    querystring: ZPurchasesQuery,
    response: { 200: ZPurchasesResponse, 400: ZErrorResponse, 401: ZErrorResponse },
  },
  getPurchase: {
    method: 'GET',
    path: '/api/purchases/:purchaseId',
    audience: 'signed-in',
    tags,
    summary: "One of the signed-in fan's purchases, as it is now",
    description: "Another person's purchase answers 404, as an unknown one does.",
    params: ZPurchaseIdParams,
    response: { 200: ZPurchaseResponse, 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse },
  },
});
