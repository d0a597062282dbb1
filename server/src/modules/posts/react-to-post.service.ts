import { POST_MESSAGES, type TPost, type TReactionKind } from '@stagepass/contract/posts';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, readRows } from '../../db/client.ts';
import { items, mediaAssets, postReactions, posts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { fullAccessCondition } from '../items/item-access.service.ts';
import { isBlockedWithViewer, loadPostsForViewer } from './post-view.ts';

export type ReactionChange = 'added' | 'replaced' | 'removed';

/**
 * The spec's rules for a like, kept by the database under concurrent requests: the same
 * reaction from the same owner removes it, a different one replaces it, otherwise the new
 * one is added (and, being the newest, comes first in likes[]). One reaction per owner and
 * post is the primary key's job. Anyone who may see the post and its media may react.
 */
export async function reactToPost(options: {
  db: Db;
  appSecret: string;
  ownerId: string;
  postId: string;
  kind: TReactionKind;
}): Promise<{ post: TPost; change: ReactionChange }> {
  const { db, ownerId, postId, kind } = options;
  const [target] = await db
    .select({
      authorId: posts.authorId,
      status: items.status,
      isReactionsOpen: posts.isReactionsOpen,
      mediaStatus: mediaAssets.status,
      isBlocked: isBlockedWithViewer(ownerId, posts.authorId),
      hasFullAccess: fullAccessCondition(ownerId),
    })
    .from(posts)
    .innerJoin(items, eq(items.id, posts.id))
    .leftJoin(mediaAssets, eq(mediaAssets.publicId, posts.mediaPublicId))
    .where(eq(posts.id, postId));
  const isAuthor = target?.authorId === ownerId;
  const isHidden =
    !target ||
    target.isBlocked ||
    !(target.status === 'published' || (isAuthor && target.status === 'processing')) ||
    (!isAuthor && target.mediaStatus !== null && target.mediaStatus !== 'ready');
  if (isHidden) throw new AppError('NOT_FOUND', POST_MESSAGES.postNotFound, 404);
  if (!target.hasFullAccess) throw new AppError('FORBIDDEN', POST_MESSAGES.lockedReaction, 403);
  if (!target.isReactionsOpen) throw new AppError('FORBIDDEN', POST_MESSAGES.reactionsClosed, 403);

  const { change, post } = await db
    .transaction(async (tx) => {
      const change = await toggleReaction(tx, { postId, ownerId, kind });
      // Read before the commit, while this owner's reaction row is still locked: the answer
      // shows this request's outcome even when the same owner's next toggle is waiting.
      const [post] = await loadPostsForViewer({
        db: tx,
        appSecret: options.appSecret,
        viewerId: ownerId,
        ids: [postId],
      });
      return { change, post };
    })
    .catch((error: unknown) => {
      // The post was deleted between the check and the insert.
      if (hasErrorCode(error, '23503')) throw new AppError('NOT_FOUND', POST_MESSAGES.postNotFound, 404);
      throw error;
    });
  if (!post) throw new AppError('NOT_FOUND', POST_MESSAGES.postNotFound, 404);
  return { post, change };
}

/**
 * Two statements in one transaction. The upsert either inserts, or replaces a different
 * kind, or (same kind) matches no row while still locking the existing one, which the
 * delete then removes. A concurrent request for the same owner and post waits on that row
 * (or on the inserted key), so toggles run one after another and each sees the last one.
 */
async function toggleReaction(
  tx: Db,
  options: { postId: string; ownerId: string; kind: TReactionKind },
): Promise<ReactionChange> {
  const { postId, ownerId, kind } = options;
  const result = await tx.execute(sql`
    insert into ${postReactions} (post_id, owner_id, kind, created_at)
    values (${postId}, ${ownerId}, ${kind}, now())
    on conflict (post_id, owner_id) do update
      set kind = excluded.kind, created_at = excluded.created_at
      where ${postReactions.kind} <> excluded.kind
    returning (xmax = 0) as "isInsert"`);
  const [upserted] = readRows<{ isInsert: boolean }>(result);
  if (upserted) return upserted.isInsert ? 'added' : 'replaced';
  await tx
    .delete(postReactions)
    .where(
      and(eq(postReactions.postId, postId), eq(postReactions.ownerId, ownerId), eq(postReactions.kind, kind)),
    );
  return 'removed';
}

/** A PostgreSQL error code anywhere along the cause chain (Drizzle wraps driver errors). */
function hasErrorCode(error: unknown, code: string): boolean {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: string }).code === code) return true;
  }
  return false;
}
