import { z } from 'zod';
import { ZErrorResponse } from './errors.ts';
import { PAYOUT_SOURCES } from './payout-texts.ts';
import { defineRoutes } from './routes.ts';

/**
 * The creator's dashboard beside their payouts (decision 019): what they earned by day and
 * by source, their passes and renewals, their top-earning items and their followers over
 * time. Amounts are integer ngwee; days are UTC dates ('2026-11-26').
 */

export const ANALYTICS_RANGES = ['7', '30', '90'] as const;
export type TAnalyticsRange = (typeof ANALYTICS_RANGES)[number];

const ZNgwee = z.number().int();
const ZBySource = z.object(
  Object.fromEntries(PAYOUT_SOURCES.map((source) => [source, ZNgwee])) as {
    [Source in (typeof PAYOUT_SOURCES)[number]]: typeof ZNgwee;
  },
);

export const ZCreatorAnalyticsQuery = z.object({ range: z.enum(ANALYTICS_RANGES).default('30') });
export type TCreatorAnalyticsQuery = z.input<typeof ZCreatorAnalyticsQuery>;

export const ZCreatorAnalyticsResponse = z.object({
  success: z.literal(true),
  range: z.enum(ANALYTICS_RANGES),
  currency: z.string(),
  /** Every day of the range, oldest first, zero where nothing was earned. */
  days: z.array(z.object({ day: z.string(), earned: ZNgwee, bySource: ZBySource })),
  /** The range's totals. */
  totals: z.object({ earned: ZNgwee, purchases: z.number().int(), bySource: ZBySource }),
  passes: z.object({
    /** Fans whose pass to the creator runs now. */
    active: z.number().int(),
    /** Passes bought again in the range by fans who had one. */
    renewals: z.number().int(),
    /** Passes bought in the range, renewals included. */
    sold: z.number().int(),
  }),
  /** The items that earned most (unlocks and tips), all time, at most five. */
  topItems: z.array(
    z.object({ itemKey: z.string(), title: z.string(), earned: ZNgwee, purchases: z.number().int() }),
  ),
  /** Followers at the end of each day of the range (follows still standing, by when they began). */
  followers: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type TCreatorAnalyticsResponse = z.infer<typeof ZCreatorAnalyticsResponse>;

export const creatorAnalyticsRoutes = defineRoutes({
  getCreatorAnalytics: {
    method: 'GET',
    path: '/api/creator/analytics',
    audience: 'creator',
    tags: ['payouts'],
    summary: "The signed-in creator's dashboard: earnings by day and source, passes, top items, followers",
    description:
      'range: 7, 30 or 90 days (30 by default), ending today (UTC). Read from rollups kept with every ' +
      'purchase (never a scan of the purchases). 403 for a fan.',
    querystring: ZCreatorAnalyticsQuery,
    response: {
      200: ZCreatorAnalyticsResponse,
      400: ZErrorResponse,
      401: ZErrorResponse,
      403: ZErrorResponse,
    },
  },
});
