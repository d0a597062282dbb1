import { z } from 'zod';
import { ZErrorResponse } from './errors.ts';
import { POST_VISIBILITIES, ZPostAuthor } from './posts.ts';
import { defineRoutes } from './routes.ts';
import { LOCK_REASONS } from './unlocks.ts';

/**
 * The catalogue (issue 25, DESIGN.md "Items, audiences and events"): everything a creator
 * publishes is an item, whatever its kind. Each kind keeps its own answer (a post, a track);
 * what every item shares (who made it, its price, whether the viewer may have it) is read
 * here, by the item's id alone, so a link that names an item needs no kind.
 */

/** What a creator publishes: posts, tracks, videos (episodes are videos in a series) and series. */
export const ITEM_KINDS = ['post', 'audio', 'video', 'series'] as const;
export type TItemKind = (typeof ITEM_KINDS)[number];

/** Every item id: 16 characters of the URL-safe alphabet (the ids posts and tracks always had). */
export const ITEM_ID_PATTERN = /^[A-Za-z0-9_-]{16}$/;
export const ZItemId = z.string().regex(ITEM_ID_PATTERN, 'No such item.');

export const ITEM_MESSAGES = {
  notFound: 'This item does not exist or is no longer available.',
} as const;

/** One item as a viewer may see it, whatever its kind: enough to name it, price it and open it. */
export const ZItemSummary = z
  .object({
    itemId: z.string(),
    kind: z.enum(ITEM_KINDS),
    /** How the item is named in a checkout: a track's title, a post's first words. */
    title: z.string(),
    author: ZPostAuthor,
    visibility: z.enum(POST_VISIBILITIES),
    /** Integer ngwee, for pay-to-unlock items; null otherwise. */
    price: z.number().int().nullable(),
    /** The viewer sees only its preview. */
    isLocked: z.boolean(),
    /** Why it is locked for this viewer: which modal opens it; null when not locked. */
    lockReason: z.enum(LOCK_REASONS).nullable(),
    /** The viewer is its author. */
    isOwn: z.boolean(),
  })
  .meta({ id: 'ItemSummary' });
export type TItemSummary = z.infer<typeof ZItemSummary>;

export const itemRoutes = defineRoutes({
  getItem: {
    method: 'GET',
    path: '/api/items/:itemId',
    audience: 'anyone',
    tags: ['Items'],
    summary: 'One item of any kind as the viewer may see it: its kind, title, author, price and lock',
    description:
      "A post or an audio track by its id. Hidden and removed items, items still processing (to anyone but their author) and blocked creators' items answer 404.",
    params: z.object({ itemId: ZItemId }),
    response: { 200: ZItemSummary, 400: ZErrorResponse, 404: ZErrorResponse },
  },
});
