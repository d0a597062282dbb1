import type { TCreatorCategory } from '@stagepass/contract/auth';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blocks, follows, posts, users } from '../../db/schema/index.ts';
import { createId } from '../../lib/ids.ts';

// Test factories for the creator lists: rows written straight to the tables, because the
// lists read only these columns and dozens of sign-ups would spend seconds on argon2.

let counter = 0;

export async function insertCreator(
  db: Db,
  options: {
    name: string;
    username?: string;
    category?: TCreatorCategory;
    bio?: string;
    /** A picture: any id will do, the lists only make its URL. */
    avatarPublicId?: string;
    followersCount?: number;
    lastActiveAt?: Date;
    role?: 'creator' | 'fan';
  },
): Promise<{ id: string; username: string }> {
  counter += 1;
  const id = createId();
  const username = `@${options.username ?? `${options.name.toLowerCase().replace(/\W/g, '')}${counter}`}`;
  await db.insert(users).values({
    id,
    email: `${username.slice(1)}-${counter}@example.com`,
    username,
    name: options.name,
    countryCode: 'ZM',
    role: options.role ?? 'creator',
    category: (options.role ?? 'creator') === 'creator' ? (options.category ?? 'music artist') : null,
    bio: options.bio ?? '',
    avatarPublicId: options.avatarPublicId ?? null,
    followersCount: options.followersCount ?? 0,
    lastActiveAt: options.lastActiveAt ?? new Date(Date.now() - 30 * 86_400_000),
  });
  return { id, username };
}

export async function findUserIdByUsername(db: Db, username: string): Promise<string> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!user) throw new Error(`no user ${username}`);
  return user.id;
}

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
