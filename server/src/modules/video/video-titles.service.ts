import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemMedia, mediaAssets, videos } from '../../db/schema/index.ts';

/** The creator's videos and series among `ids` by their titles (for checkouts and earnings). */
export async function readVideoTitles(
  db: Db,
  creatorId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: videos.id, title: videos.title })
    .from(videos)
    .where(and(eq(videos.authorId, creatorId), inArray(videos.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.title]));
}

/** A video is sold once its file is processed; a series always may be. */
export async function isVideoReadyForSale(db: Db, itemId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: mediaAssets.status })
    .from(itemMedia)
    .innerJoin(mediaAssets, eq(mediaAssets.publicId, itemMedia.mediaPublicId))
    .where(and(eq(itemMedia.itemId, itemId), eq(itemMedia.role, 'main')));
  return row === undefined || row.status === 'ready';
}
