import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaAssets, posts } from '../../db/schema/index.ts';
import { isBlockedWithViewer } from './post-view.ts';

/**
 * A post's terms of sale (author, visibility, price) as `viewerId` may see it: undefined
 * when it is missing, blocked either way, or its photo or video is not ready, as a post
 * read answers. The unlock purchase prices and grants by it (app.ts hands it to unlocks).
 */
export async function findPostForSale(
  db: Db,
  options: { itemId: string; viewerId: string },
): Promise<
  | { authorId: string; visibility: 'everyone' | 'subscribers' | 'pay-to-unlock'; price: number | null }
  | undefined
> {
  const [row] = await db
    .select({
      authorId: posts.authorId,
      visibility: posts.visibility,
      price: posts.price,
      mediaStatus: mediaAssets.status,
      isBlocked: isBlockedWithViewer(options.viewerId, posts.authorId),
    })
    .from(posts)
    .leftJoin(mediaAssets, eq(mediaAssets.publicId, posts.mediaPublicId))
    .where(eq(posts.id, options.itemId));
  if (!row || row.isBlocked) return undefined;
  if (row.mediaStatus !== null && row.mediaStatus !== 'ready') return undefined;
  return { authorId: row.authorId, visibility: row.visibility, price: row.price };
}
