import { z } from 'zod';
import { ZErrorResponse } from './errors.ts';
import { ZImageAsset } from './media.ts';
import { PASS_PERIODS } from './purchases.ts';
import { defineRoutes } from './routes.ts';

/**
 * A creator's members (issue 24): every fan who holds or held a pass to them, newest member
 * first, with the period, since when, until when, whether it renews (the fan's opt-in), and
 * what the fan has spent with this creator in all. Amounts are integer ngwee.
 */

export const MEMBER_MESSAGES = {
  invalidCursor: 'The cursor is not one this list made.',
} as const;

const ZNgwee = z.number().int();

export const ZMemberSpend = z.object({
  /** Every completed purchase of the fan from this creator, in ngwee paid. */
  total: ZNgwee,
  pass: ZNgwee,
  unlock: ZNgwee,
  tip: ZNgwee,
  support: ZNgwee,
});
export type TMemberSpend = z.infer<typeof ZMemberSpend>;

export const ZMember = z
  .object({
    fan: z.object({ username: z.string(), name: z.string(), imageAsset: ZImageAsset.nullable() }),
    /** The period last bought. */
    period: z.enum(PASS_PERIODS),
    /** When the fan first bought a pass to this creator (ISO time). */
    memberSince: z.string(),
    /** When the pass ends, or ended (ISO time). */
    expiresAt: z.string(),
    isActive: z.boolean(),
    /** The fan opted in to renew from their wallet before it ends. */
    isAutoRenew: z.boolean(),
    /** Either of the two blocked the other: no money moves between them while it stands. */
    isBlocked: z.boolean(),
    spent: ZMemberSpend,
  })
  .meta({ id: 'Member' });
export type TMember = z.infer<typeof ZMember>;

export const ZMembersQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type TMembersQuery = z.input<typeof ZMembersQuery>;

export const ZMembersResponse = z.object({
  success: z.literal(true),
  /** Fans whose pass runs now. */
  activeCount: z.number().int(),
  members: z.array(ZMember),
  nextCursor: z.string().nullable(),
});
export type TMembersResponse = z.infer<typeof ZMembersResponse>;

export const memberRoutes = defineRoutes({
  listMembers: {
    method: 'GET',
    path: '/api/creator/members',
    audience: 'creator',
    tags: ['passes'],
    summary: "The signed-in creator's members: who holds or held a pass, newest first",
    description:
      'Creators only (403 for a fan). Each member with the period, since when, the expiry, whether it ' +
      'renews, whether a block stands between them, and what the fan spent with this creator in all ' +
      '(passes, unlocks, tips, support), with the count of active members. Keyset-paged: pass ' +
      'nextCursor as cursor. A deleted account is no longer a member.',
    querystring: ZMembersQuery,
    response: { 200: ZMembersResponse, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse },
  },
});
