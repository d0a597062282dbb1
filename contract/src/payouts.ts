import { z } from 'zod';
import { WRITE_REFUSALS, ZErrorResponse } from './errors.ts';
import { CORRESPONDENTS } from './mobile-money.ts';
import { PAYOUT_SOURCES, PAYOUT_STATUSES } from './payout-texts.ts';
import { defineRoutes } from './routes.ts';

export * from './payout-texts.ts';

/**
 * Creators get paid (decision 019): their earnings, payouts to mobile money through pawaPay
 * v1, auto-payout, and the analytics of the payouts page. Amounts are integer ngwee.
 */

const ZNgwee = z.number().int();
const ZMsisdn = z.string().regex(/^260\d{9}$/, 'Phone is 260 and 9 digits');

export const ZEarningsResponse = z.object({
  success: z.literal(true),
  currency: z.string(),
  /** What may be paid out now: the earnings less what is held (EARNINGS_HOLD_HOURS). */
  available: ZNgwee,
  /** Earned from card-funded purchases younger than the hold; available once it passes. */
  held: ZNgwee,
  /** Reserved by payouts not final yet. */
  onItsWay: ZNgwee,
  /** Paid out in all (completed payouts). */
  paidOut: ZNgwee,
  /** Earned in all, by source (the price less the platform's fee). */
  bySource: z.object(
    Object.fromEntries(PAYOUT_SOURCES.map((source) => [source, ZNgwee])) as {
      [Source in (typeof PAYOUT_SOURCES)[number]]: typeof ZNgwee;
    },
  ),
  /** The smallest payout, in ngwee. */
  minimumPayout: ZNgwee,
  autoPayout: z.object({
    enabled: z.boolean(),
    /** What the last daily auto-payout did ('Sent K120 to …', or why it was skipped). */
    lastRun: z.object({ day: z.string(), note: z.string() }).nullable(),
  }),
});
export type TEarningsResponse = z.infer<typeof ZEarningsResponse>;

export const ZPayoutRequest = z.object({
  payoutId: z.uuidv4(),
  /** Ngwee, at least the minimum payout and at most what is available. */
  amount: z.number().int().positive().max(1_000_000_000),
  /** The recipient; defaults to the creator's preferred mobile money number. */
  phone: ZMsisdn.optional(),
  /** The operator of `phone`; found from the number when left out. */
  correspondent: z.enum(CORRESPONDENTS).optional(),
});
export type TPayoutRequest = z.input<typeof ZPayoutRequest>;

export const ZPayout = z.object({
  payoutId: z.uuid(),
  status: z.enum(PAYOUT_STATUSES),
  amount: ZNgwee,
  currency: z.string(),
  correspondent: z.enum(CORRESPONDENTS),
  phone: z.string(),
  /** Made by auto-payout. */
  automatic: z.boolean(),
  failureCode: z.string().nullable(),
  /** Why it failed, in words (payout-texts.ts), else null. */
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TPayout = z.infer<typeof ZPayout>;

export const ZPayoutResponse = z.object({ success: z.literal(true), payout: ZPayout });
export type TPayoutResponse = z.infer<typeof ZPayoutResponse>;

export const ZPayoutIdParams = z.object({ payoutId: z.uuid() });
export type TPayoutIdParams = z.input<typeof ZPayoutIdParams>;

export const ZPayoutsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type TPayoutsQuery = z.input<typeof ZPayoutsQuery>;

export const ZPayoutsResponse = z.object({
  success: z.literal(true),
  payouts: z.array(ZPayout),
  nextCursor: z.string().nullable(),
});
export type TPayoutsResponse = z.infer<typeof ZPayoutsResponse>;

export const ZAutoPayoutRequest = z.object({ enabled: z.boolean() });
export type TAutoPayoutRequest = z.input<typeof ZAutoPayoutRequest>;
export const ZAutoPayoutResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  autoPayout: z.object({ enabled: z.boolean() }),
});
export type TAutoPayoutResponse = z.infer<typeof ZAutoPayoutResponse>;

export const ZPayoutAvailabilityResponse = z.object({
  success: z.literal(true),
  operators: z.array(
    z.object({
      correspondent: z.enum(CORRESPONDENTS),
      status: z.enum(['OPERATIONAL', 'DELAYED', 'CLOSED']),
    }),
  ),
});
export type TPayoutAvailabilityResponse = z.infer<typeof ZPayoutAvailabilityResponse>;

const tags = ['payouts'];
// The provider's refusal or silence answers 502.
const refusals = { ...WRITE_REFUSALS, 502: ZErrorResponse };

export const payoutRoutes = defineRoutes({
  getEarnings: {
    method: 'GET',
    path: '/api/earnings',
    audience: 'creator',
    tags,
    summary: "The signed-in creator's earnings: available, held, on its way, paid out, by source",
    description:
      'Integer ngwee. available = the earnings account less what is held (card-funded purchases ' +
      'younger than EARNINGS_HOLD_HOURS); onItsWay = payouts not final; paidOut = completed ' +
      'payouts; bySource = what each kind of purchase earned in all. 403 for a fan.',
    response: { 200: ZEarningsResponse, 401: ZErrorResponse, 403: ZErrorResponse },
  },
  requestPayout: {
    method: 'POST',
    path: '/api/payouts',
    audience: ['creator', 'security-checked'],
    tags,
    summary: 'Pay out earnings to a mobile money number (pawaPay v1 payout)',
    description:
      'Body { payoutId (a UUIDv4 made by the client), amount (ngwee), phone?, correspondent? }: the ' +
      "number defaults to the creator's preferred mobile money method. The amount is reserved from " +
      'the earnings and the payout saved in one transaction before pawaPay is called, so racing ' +
      'requests never pay out more than is available. A repeat of the same payoutId answers the ' +
      'same payout (another body under it is 409). payout.status: ACCEPTED, ENQUEUED (the operator ' +
      'is down; it goes out when it recovers, or cancel it), SUBMITTED, COMPLETED, FAILED or ' +
      'REJECTED (the reserve is given back). 201 for a new payout, 200 for a repeat.',
    body: ZPayoutRequest,
    response: { 200: ZPayoutResponse, 201: ZPayoutResponse, ...refusals },
  },
  listPayouts: {
    method: 'GET',
    path: '/api/payouts',
    audience: 'creator',
    tags,
    summary: "The signed-in creator's payouts, newest first",
    description: 'Keyset-paged: pass nextCursor as cursor for older ones.',
    querystring: ZPayoutsQuery,
    response: { 200: ZPayoutsResponse, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse },
  },
  getPayoutAvailability: {
    method: 'GET',
    path: '/api/payouts/availability',
    audience: 'creator',
    tags,
    summary: "Each operator's state for payouts now (pawaPay's availability)",
    description:
      'OPERATIONAL; DELAYED (payouts wait ENQUEUED and go out when it recovers); CLOSED (refused). ' +
      'Cached for a minute. 502 when pawaPay cannot be asked.',
    response: {
      200: ZPayoutAvailabilityResponse,
      401: ZErrorResponse,
      403: ZErrorResponse,
      502: ZErrorResponse,
    },
  },
  getPayout: {
    method: 'GET',
    path: '/api/payouts/:payoutId',
    audience: 'creator',
    tags,
    summary: 'One of your payouts, as it is now',
    description:
      "A payout not yet final is first re-checked with pawaPay and settled (once). Another person's is 404.",
    params: ZPayoutIdParams,
    response: { 200: ZPayoutResponse, ...refusals },
  },
  cancelPayout: {
    method: 'POST',
    path: '/api/payouts/:payoutId/cancel',
    audience: 'creator',
    tags,
    summary: 'Cancel a payout waiting ENQUEUED for its operator',
    description:
      'Asks pawaPay to fail the enqueued payout (fail-enqueued); once it is FAILED (MANUALLY_CANCELLED) ' +
      'the amount is available again. 409 for a payout that is not ENQUEUED.',
    params: ZPayoutIdParams,
    response: { 200: ZPayoutResponse, ...refusals },
  },
  setAutoPayout: {
    method: 'PUT',
    path: '/api/payouts/auto',
    audience: ['creator', 'security-checked'],
    tags,
    summary: 'Turn auto-payout on or off',
    description:
      'Body { enabled }. When on, the available earnings go to the preferred mobile money number ' +
      'once a day at AUTO_PAYOUT_HOUR (UTC), and at once when they pass AUTO_PAYOUT_THRESHOLD. ' +
      "The session view's autoPayout.enabled. Turning it on without a mobile money number saved " +
      '(the preferred one, else the first) is 409 NO_PAYOUT_NUMBER: save one first.',
    body: ZAutoPayoutRequest,
    response: {
      200: ZAutoPayoutResponse,
      400: ZErrorResponse,
      401: ZErrorResponse,
      403: ZErrorResponse,
      409: ZErrorResponse,
    },
  },
  /** Its body is read as raw bytes (the signature covers them), so it declares no schema. */
  receivePayoutCallback: {
    method: 'POST',
    path: '/api/pawapay/callbacks/payouts',
    audience: 'anyone',
    tags,
    summary: "pawaPay's callback with a payout's final status",
    description:
      'Posted by pawaPay, not by people; checked as the deposit callback is (RFC 9421 signature, or ' +
      'a re-check with pawaPay). 200 once applied (again: nothing moves twice); 404 for a payout ' +
      'we do not know.',
  },
});
