import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blocks, follows, posts, users } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';

// The creator-list tests' own helpers: rows written straight to the tables, because the
// lists read only these columns. Their creators come from server/src/test/factories/people.ts.

/** A follow as the profiles module records it: the row and the count move together. */
export async function insertFollow(
  db: Db,
  followerId: string,
  followedId: string,
  createdAt = new Date(),
): Promise<void> {
  await db.insert(follows).values({ followerId, followedId, createdAt });
  await db
    .update(users)
    .set({ followersCount: sql`${users.followersCount} + 1` })
    .where(eq(users.id, followedId));
}

/** A text post, public, as a creator with something to show has. */
export async function insertPost(db: Db, authorId: string): Promise<void> {
  await db.insert(posts).values({ id: createId(16), authorId, type: 'text' });
}

export async function insertBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.insert(blocks).values({ blockerId, blockedId });
}
