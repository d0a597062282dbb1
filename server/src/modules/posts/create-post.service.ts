import {
  POST_ID_LENGTH,
  POST_MESSAGES,
  type TPost,
  type ZCreatePostRequest,
} from '@stagepass/contract/posts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { posts, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createId } from '../../lib/ids.ts';
import { recordAccountActivity } from '../auth/account-activity.service.ts';
import { attachItemMedia, findItemHoldingMedia } from '../items/item-media.service.ts';
import { findItem, insertItem } from '../items/items.service.ts';
import { lockOwnUpload } from '../media/claim-upload.service.ts';
import { loadPostsForViewer } from './post-view.ts';

type CreatePostRequest = z.output<typeof ZCreatePostRequest>;

/**
 * Publishes a post as the signed-in creator. The author is the session's user: a body
 * naming someone else is refused. The id may come from the client (optimistic UI); a
 * repeat of it by the same author answers the post already made (isNew false) without
 * changing it, and the same id from another author is a conflict.
 */
export async function createPost(options: {
  db: Db;
  appSecret: string;
  author: UserRow;
  request: CreatePostRequest;
}): Promise<{ post: TPost; isNew: boolean }> {
  const { db, appSecret, author, request } = options;
  if (request.author?.userId !== undefined && request.author.userId !== author.id) {
    throw new AppError('FORBIDDEN', POST_MESSAGES.notYourPage, 403);
  }
  const postId = request.postId ?? createId(POST_ID_LENGTH);

  const existing = await findExistingPost(db, appSecret, postId, author.id);
  if (existing) return { post: existing, isNew: false };

  const mediaPublicId = request.postAssets?.image?.public_id ?? request.postAssets?.video?.public_id ?? null;
  const isNew = await db.transaction(async (tx) => {
    const media = mediaPublicId
      ? await claimMedia(tx, { postId, authorId: author.id, mediaPublicId, type: request.type })
      : undefined;
    const item = await insertItem(tx, {
      id: postId,
      kind: 'post',
      creatorId: author.id,
      visibility: request.visibility,
      price: request.price ?? null,
      isMainFileReady: media?.isReady ?? true,
    });
    // A concurrent create with the same id got there first (or the id is another item's):
    // answered below like a repeat.
    if (!item) return false;
    await tx.insert(posts).values({
      id: postId,
      authorId: author.id,
      createdAt: item.createdAt,
      type: request.type,
      description: request.description,
      isReactionsOpen: request.isReactionsOpen,
    });
    if (mediaPublicId) await attachItemMedia(tx, postId, 'main', mediaPublicId);
    // Publishing is activity: it lifts the creator in the featured list.
    await recordAccountActivity(tx, author.id);
    return true;
  });
  if (!isNew) {
    const raced = await findExistingPost(db, appSecret, postId, author.id);
    if (raced) return { post: raced, isNew: false };
  }
  const [post] = await loadPostsForViewer({ db, appSecret, viewerId: author.id, ids: [postId] });
  if (!post) throw new Error(`post ${postId} vanished after its creation`);
  return { post, isNew };
}

/** The author's post with this id, null when there is none, 409 when it is someone else's. */
async function findExistingPost(
  db: Db,
  appSecret: string,
  postId: string,
  authorId: string,
): Promise<TPost | null> {
  const item = await findItem(db, postId);
  if (!item) return null;
  // Another creator's item, or another kind of item of this id.
  if (item.creatorId !== authorId || item.kind !== 'post')
    throw new AppError('CONFLICT', POST_MESSAGES.postIdTaken, 409);
  const [post] = await loadPostsForViewer({ db, appSecret, viewerId: authorId, ids: [postId] });
  return post ?? null;
}

/**
 * The photo or video must be the author's own upload for posts, of the post's kind, and
 * not part of another post (deleting that post would delete it). Its row is locked, so two
 * creates naming the same file run one after the other. It may still be processing.
 */
async function claimMedia(
  tx: Db,
  options: { postId: string; authorId: string; mediaPublicId: string; type: 'photo' | 'video' | 'text' },
): Promise<{ isReady: boolean }> {
  const type = options.type === 'video' ? 'video' : 'photo';
  const upload = await lockOwnUpload(tx, {
    ownerId: options.authorId,
    publicId: options.mediaPublicId,
    kind: type === 'video' ? 'video' : 'image',
    refusals: {
      notFound: POST_MESSAGES.mediaNotFound,
      wrongKind: POST_MESSAGES.mediaWrongKind(type),
      failed: POST_MESSAGES.mediaFailed,
    },
  });
  // Another post's, or an audio track's audio or cover.
  const holder = await findItemHoldingMedia(tx, options.mediaPublicId);
  if (holder && !(holder.kind === 'post' && holder.itemId === options.postId)) {
    throw new AppError('MEDIA_IN_USE', POST_MESSAGES.mediaInUse, 409);
  }
  return upload;
}
