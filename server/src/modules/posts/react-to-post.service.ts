import { POST_MESSAGES, type TPost, type TReactionKind } from '@stagepass/contract/posts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemMedia, items, mediaAssets, posts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { fullAccessCondition } from '../items/item-access.service.ts';
import { type ReactionChange, toggleItemReaction } from '../items/item-reactions.service.ts';
import { blockedEitherWayCondition } from '../profiles/blocks.service.ts';
import { loadPostsForViewer } from './post-view.ts';

/**
 * The spec's rules for a like, kept by the database under concurrent requests: the same
 * reaction from the same owner removes it, a different one replaces it, otherwise the new
 * one is added (and, being the newest, comes first in likes[]): the catalogue's toggle
 * (toggleItemReaction). Anyone who may see the post and its media may react.
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
      isBlocked: blockedEitherWayCondition(ownerId, posts.authorId),
      hasFullAccess: fullAccessCondition(ownerId),
    })
    .from(posts)
    .innerJoin(items, eq(items.id, posts.id))
    .leftJoin(itemMedia, and(eq(itemMedia.itemId, posts.id), eq(itemMedia.role, 'main')))
    .leftJoin(mediaAssets, eq(mediaAssets.publicId, itemMedia.mediaPublicId))
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
      const change = await toggleItemReaction(tx, { itemId: postId, ownerId, kind });
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
