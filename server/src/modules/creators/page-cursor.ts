import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor.ts';

/**
 * The nextPage of creator lists: the last row's sort key, as base64url JSON. Opaque to
 * clients; validated here because anyone can send anything as ?page=.
 */

const ZId = z.string().min(1).max(64);
const ZCount = z.number().int().min(0).max(2_147_483_647);

const ZPageCursor = z.discriminatedUnion('k', [
  // Every creator: (followers_count desc, id asc), the users_creators_by_followers order.
  z.object({ k: z.literal('all'), f: ZCount, i: ZId }),
  // Search: (rank desc, followers_count desc, id asc); rank is an integer so ties compare exactly.
  z.object({ k: z.literal('search'), r: z.number().int().min(0).max(1_000_000), f: ZCount, i: ZId }),
  // Featured: (score desc, id asc) with the score taken at `at`, the time of the first page,
  // so it does not drift while someone scrolls.
  // `at` in milliseconds, at most 9999-12-31T23:59:59.999Z: past a four-digit year a Date's
  // text is one PostgreSQL cannot read.
  z.object({
    k: z.literal('featured'),
    at: z.number().int().min(0).max(253_402_300_799_999),
    s: ZCount,
    i: ZId,
  }),
]);

export type PageCursor = z.infer<typeof ZPageCursor>;
export type PageCursorOf<Kind extends PageCursor['k']> = Extract<PageCursor, { k: Kind }>;

export const INVALID_PAGE_MESSAGE = 'This page is not valid: start again from page 0.';

export function encodePageCursor(cursor: PageCursor): string {
  return encodeKeysetCursor(cursor);
}

/** '0' is the first page (null); anything else must be a cursor this server made for this list. */
export function decodePageCursor<Kind extends PageCursor['k']>(
  page: string,
  kind: Kind,
): PageCursorOf<Kind> | null {
  const refusal = () => new AppError('INVALID_PAGE', INVALID_PAGE_MESSAGE, 400);
  const cursor = decodeKeysetCursor(page, ZPageCursor, refusal);
  if (cursor && cursor.k !== kind) throw refusal();
  return cursor as PageCursorOf<Kind> | null;
}
