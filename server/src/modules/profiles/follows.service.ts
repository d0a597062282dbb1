import { PROFILE_MESSAGES, type TFollowResponse } from '@stagepass/contract/profiles';
import { and, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { follows, users } from '../../db/schema/index.ts';
import { emit } from '../../events/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import { isBlockedBetween } from './blocks.ts';
import { toStoredUsername } from './profile-view.service.ts';

/** Fans and creators follow creators (the spec's follow button lives on creator pages). */
export const ONLY_CREATORS_MESSAGE = 'Only creators can be followed.';

/**
 * Follows the profile, or unfollows it when already followed. The followed user's row is
 * locked first, so toggles of one pair run one after another and each sees the last
 * one's result (a double click follows then unfollows); the primary key keeps one follow
 * per pair and followers_count moves by exactly the rows inserted or deleted. A new follow
 * is told as `follow.created`, in the same transaction.
 */
export async function toggleFollow(options: {
  db: Db;
  followerId: string;
  username: string;
}): Promise<TFollowResponse> {
  const { followerId } = options;
  return options.db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, role: users.role, followersCount: users.followersCount })
      .from(users)
      .where(eq(users.username, toStoredUsername(options.username)))
      .for('no key update');
    if (!target) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.profileNotFound, 404);
    if (target.id === followerId) throw new AppError('VALIDATION_ERROR', PROFILE_MESSAGES.cannotFollowSelf);
    if (await isBlockedBetween(tx, followerId, target.id)) {
      throw new AppError('FORBIDDEN', PROFILE_MESSAGES.blocked, 403);
    }
    if (target.role !== 'creator') throw new AppError('NOT_A_CREATOR', ONLY_CREATORS_MESSAGE, 400);

    const pair = and(eq(follows.followerId, followerId), eq(follows.followedId, target.id));
    const removed = await tx.delete(follows).where(pair).returning({ followedId: follows.followedId });
    if (removed.length > 0) {
      return {
        followStatus: false,
        followers_count: await adjustFollowersCount(tx, target.id, -removed.length),
      };
    }
    const added = await tx
      .insert(follows)
      .values({ followerId, followedId: target.id })
      .onConflictDoNothing()
      .returning({ followedId: follows.followedId });
    if (added.length > 0) await emit(tx, 'follow.created', { followerId, followedId: target.id });
    return {
      followStatus: true,
      followers_count:
        added.length > 0 ? await adjustFollowersCount(tx, target.id, added.length) : target.followersCount,
    };
  });
}

async function adjustFollowersCount(db: Db, userId: string, change: number): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ followersCount: sql`${users.followersCount} + ${change}` })
    .where(eq(users.id, userId))
    .returning({ followersCount: users.followersCount });
  return row!.followersCount;
}

/**
 * Ends every follow between two users, both ways, and lowers each followed user's count
 * by the rows actually deleted. Runs inside the caller's transaction.
 */
export async function removeFollowsBetween(db: Db, userA: string, userB: string): Promise<void> {
  const removed = await db
    .delete(follows)
    .where(
      or(
        and(eq(follows.followerId, userA), eq(follows.followedId, userB)),
        and(eq(follows.followerId, userB), eq(follows.followedId, userA)),
      ),
    )
    .returning({ followedId: follows.followedId });
  for (const { followedId } of removed) await adjustFollowersCount(db, followedId, -1);
}

/**
 * Ends every follow a user made, lowering each followed profile's count by one. For
 * deleting an account: call it inside that transaction before the user row goes, because
 * the foreign key's cascade would remove the rows without touching the counts.
 */
export async function removeFollowsBy(db: Db, followerId: string): Promise<void> {
  const removed = await db
    .delete(follows)
    .where(eq(follows.followerId, followerId))
    .returning({ followedId: follows.followedId });
  if (removed.length === 0) return;
  // The primary key makes each followed id appear once, so one update moves each by one.
  await db
    .update(users)
    .set({ followersCount: sql`${users.followersCount} - 1` })
    .where(
      inArray(
        users.id,
        removed.map((row) => row.followedId),
      ),
    );
}

/**
 * The creator's followers at the end of each day from `fromDay` to today (UTC): today's count
 * less the follows begun after each day. An unfollow removes its row, so a day before it is
 * counted without that follower: the history of those still following.
 */
export async function readFollowerHistory(
  db: Db,
  creatorId: string,
  days: readonly string[],
): Promise<{ day: string; count: number }[]> {
  const first = days[0];
  if (!first) return [];
  const [creator] = await db
    .select({ followers: users.followersCount })
    .from(users)
    .where(eq(users.id, creatorId));
  const began = await db
    .select({
      day: sql<string>`to_char(${follows.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
      count: sql<number>`count(*)::int`,
    })
    .from(follows)
    .where(and(eq(follows.followedId, creatorId), gte(follows.createdAt, new Date(`${first}T00:00:00Z`))))
    .groupBy(sql`1`);
  const beganOn = new Map(began.map((row) => [row.day, row.count]));
  let count = creator?.followers ?? 0;
  const history: { day: string; count: number }[] = [];
  for (const day of [...days].reverse()) {
    history.push({ day, count: Math.max(0, count) });
    count -= beganOn.get(day) ?? 0;
  }
  return history.reverse();
}
