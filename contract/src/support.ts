import { z } from 'zod';
import { ZErrorResponse } from './errors.ts';
import { ZImageAsset } from './media.ts';
import { defineRoutes } from './routes.ts';

/**
 * What a creator sees of the support fans sent them (issue 24): who, how much, when and the
 * message, newest first. Support itself is bought through POST /api/purchases (kind
 * 'support', with an optional message). Amounts are integer ngwee.
 */

export const SUPPORT_MESSAGES = {
  notFound: 'There is no such support.',
  invalidCursor: 'The cursor is not one this list made.',
} as const;

/** Who sent it: null once the fan deleted their account (shown as a deleted account). */
export const ZSupporter = z.object({
  username: z.string(),
  name: z.string(),
  imageAsset: ZImageAsset.nullable(),
});

export const ZSupportReceived = z
  .object({
    /** The purchase's id: what hiding the message names. */
    supportId: z.uuid(),
    fan: ZSupporter.nullable(),
    /** What the fan paid, in ngwee. */
    amount: z.number().int(),
    /** What the creator earned of it: the amount less the platform's fee. */
    earned: z.number().int(),
    /** When the support was paid (ISO time). */
    sentAt: z.string(),
    /** The fan's message; null when there was none, or while the creator hides it. */
    message: z.string().nullable(),
    /** The creator hid the message (it had one). */
    isMessageHidden: z.boolean(),
  })
  .meta({ id: 'SupportReceived' });
export type TSupportReceived = z.infer<typeof ZSupportReceived>;

export const ZSupportersQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type TSupportersQuery = z.input<typeof ZSupportersQuery>;

export const ZSupportersResponse = z.object({
  success: z.literal(true),
  supports: z.array(ZSupportReceived),
  nextCursor: z.string().nullable(),
});
export type TSupportersResponse = z.infer<typeof ZSupportersResponse>;

export const ZSupportIdParams = z.object({ supportId: z.uuid() });
export type TSupportIdParams = z.input<typeof ZSupportIdParams>;

export const ZHideSupportMessageRequest = z.object({ isHidden: z.boolean() });
export type THideSupportMessageRequest = z.input<typeof ZHideSupportMessageRequest>;

export const ZSupportReceivedResponse = z.object({ success: z.literal(true), support: ZSupportReceived });
export type TSupportReceivedResponse = z.infer<typeof ZSupportReceivedResponse>;

const tags = ['support'];

export const supportRoutes = defineRoutes({
  listSupporters: {
    method: 'GET',
    path: '/api/creator/supporters',
    audience: 'creator',
    tags,
    summary: "The support the signed-in creator received, newest first, with the fans' messages",
    description:
      'Creators only (403 for a fan). Each support with its fan (null once the account is deleted), ' +
      'the amount paid and what the creator earned of it (less the fee), when, and the message: only ' +
      'the creator it was sent to reads it, and a hidden one comes back as null. Keyset-paged: pass ' +
      'nextCursor as cursor.',
    querystring: ZSupportersQuery,
    response: { 200: ZSupportersResponse, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse },
  },
  setSupportMessageHidden: {
    method: 'PUT',
    path: '/api/creator/supporters/:supportId/message',
    audience: 'creator',
    tags,
    summary: "Hide or show again a fan's message on support the signed-in creator received",
    description:
      'Creators only. Support sent to someone else answers 404, as an unknown one does. The message is kept: hiding only stops it being shown.',
    params: ZSupportIdParams,
    body: ZHideSupportMessageRequest,
    response: {
      200: ZSupportReceivedResponse,
      400: ZErrorResponse,
      401: ZErrorResponse,
      403: ZErrorResponse,
      404: ZErrorResponse,
    },
  },
});
