import { POST_MESSAGES } from '@stagepass/contract/posts';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { itemMedia, posts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { deleteItemFile } from '../items/item-media.service.ts';
import { deleteItem } from '../items/items.service.ts';

/**
 * The author deletes a post: its item, and with it by their keys the post's row, its
 * reactions, tips, unlocks and earnings, in one statement; then its photo or video through the media module, once the post is gone for
 * good (files cannot be rolled back). Should removing the files fail, the post stays
 * deleted and the error is logged with the asset's id: the asset is referenced by nothing
 * and its owner can still delete it through DELETE /api/media/:publicId.
 */
export async function deletePost(options: {
  db: Db;
  mediaStore: MediaStore;
  authorId: string;
  postId: string;
  log: FastifyBaseLogger;
}): Promise<void> {
  const { db, authorId, postId } = options;
  // The route's guard admitted the author of the post ('owner'); gone since, by a concurrent
  // delete of theirs, it is not found, as it would have been a moment later.
  const [post] = await db
    .select({ mediaPublicId: itemMedia.mediaPublicId })
    .from(posts)
    .leftJoin(itemMedia, and(eq(itemMedia.itemId, posts.id), eq(itemMedia.role, 'main')))
    .where(eq(posts.id, postId));
  if (!post) throw new AppError('NOT_FOUND', POST_MESSAGES.postNotFound, 404);

  // The item's media rows go with it by their key; the files are media's to delete.
  const isDeleted = await deleteItem(db, { itemId: postId, creatorId: authorId });
  // Deleted by a concurrent request of the author: the same outcome.
  if (!isDeleted || !post.mediaPublicId) return;
  await deleteItemFile({ ...options, ownerId: authorId }, { itemId: postId, publicId: post.mediaPublicId });
}
