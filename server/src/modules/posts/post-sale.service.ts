import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemMedia, mediaAssets, posts } from '../../db/schema/index.ts';

/**
 * A post's own part of being sold: its photo or video processed (a text post, or one whose
 * media was deleted on its own, always is), as a post read shows it to others.
 */
export async function isPostReadyForSale(db: Db, postId: string): Promise<boolean> {
  const [row] = await db
    .select({ mediaStatus: mediaAssets.status })
    .from(posts)
    .leftJoin(itemMedia, and(eq(itemMedia.itemId, posts.id), eq(itemMedia.role, 'main')))
    .leftJoin(mediaAssets, eq(mediaAssets.publicId, itemMedia.mediaPublicId))
    .where(eq(posts.id, postId));
  return row !== undefined && (row.mediaStatus === null || row.mediaStatus === 'ready');
}
