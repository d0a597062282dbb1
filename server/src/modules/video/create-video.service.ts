import {
  type TVideo,
  VIDEO_ID_LENGTH,
  VIDEO_MESSAGES,
  type ZCreateVideoRequest,
} from '@stagepass/contract/video';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type UserRow, videos } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createId } from '../../lib/ids.ts';
import { recordAccountActivity } from '../auth/account-activity.service.ts';
import { attachItemMedia, claimItemUpload } from '../items/item-media.service.ts';
import { findItem, insertItem } from '../items/items.service.ts';
import { lockSeries, nextPositionIn } from './series-episodes.ts';
import { loadVideoForViewer } from './video-view.ts';

type CreateVideoRequest = z.output<typeof ZCreateVideoRequest>;

/**
 * Publishes a video, an episode (a video with its series, placed at the end) or a series as
 * the signed-in creator. The video file and the cover are the creator's own uploads
 * (purpose post), used by nothing else; the file may still be processing (the video shows to
 * others once it is ready). A repeat of the same videoId by the same author answers the
 * video already made (isNew false) without changing it.
 */
export async function createVideo(options: {
  db: Db;
  appSecret: string;
  author: UserRow;
  request: CreateVideoRequest;
}): Promise<{ video: TVideo; isNew: boolean }> {
  const { db, appSecret, author, request } = options;
  const videoId = request.videoId ?? createId(VIDEO_ID_LENGTH);
  const existing = await findExistingVideo(db, appSecret, videoId, author.id);
  if (existing) return { video: existing, isNew: false };

  const filePublicId = request.type === 'video' ? (request.video_asset?.public_id ?? null) : null;
  const coverPublicId = request.cover_asset?.public_id ?? null;
  const isNew = await db.transaction(async (tx) => {
    const file = filePublicId
      ? await claimUpload(tx, { authorId: author.id, publicId: filePublicId, kind: 'video' })
      : undefined;
    if (coverPublicId) await claimUpload(tx, { authorId: author.id, publicId: coverPublicId, kind: 'image' });
    let position: number | null = null;
    if (request.seriesId) {
      await lockSeries(tx, { seriesId: request.seriesId, creatorId: author.id });
      position = await nextPositionIn(tx, request.seriesId);
    }
    const item = await insertItem(tx, {
      id: videoId,
      kind: request.type,
      creatorId: author.id,
      visibility: request.visibility,
      price: request.price ?? null,
      parentId: request.seriesId ?? null,
      position,
      // A series has no file of its own.
      isMainFileReady: file?.isReady ?? true,
    });
    // A concurrent create with the same id got there first: answered below like a repeat.
    if (!item) return false;
    await tx.insert(videos).values({
      id: videoId,
      authorId: author.id,
      createdAt: item.createdAt,
      title: request.title,
      description: request.description,
    });
    if (filePublicId) await attachItemMedia(tx, videoId, 'main', filePublicId);
    if (coverPublicId) await attachItemMedia(tx, videoId, 'cover', coverPublicId);
    // Publishing is activity: it lifts the creator in the featured list.
    await recordAccountActivity(tx, author.id);
    return true;
  });
  if (!isNew) {
    const raced = await findExistingVideo(db, appSecret, videoId, author.id);
    if (raced) return { video: raced, isNew: false };
  }
  const video = await loadVideoForViewer({ db, appSecret, viewerId: author.id, videoId });
  if (!video) throw new Error(`video ${videoId} vanished after its creation`);
  return { video, isNew };
}

async function findExistingVideo(
  db: Db,
  appSecret: string,
  videoId: string,
  authorId: string,
): Promise<TVideo | null> {
  const row = await findItem(db, videoId);
  if (!row) return null;
  if (row.creatorId !== authorId || (row.kind !== 'video' && row.kind !== 'series')) {
    throw new AppError('CONFLICT', VIDEO_MESSAGES.idTaken, 409, 'videoId');
  }
  return (await loadVideoForViewer({ db, appSecret, viewerId: authorId, videoId })) ?? null;
}

/** The upload is the author's own, of the right kind, not failed, and used by no other item. */
function claimUpload(
  tx: Db,
  options: { authorId: string; publicId: string; kind: 'video' | 'image' },
): Promise<{ isReady: boolean }> {
  const isVideo = options.kind === 'video';
  return claimItemUpload(tx, {
    ownerId: options.authorId,
    publicId: options.publicId,
    kind: options.kind,
    field: isVideo ? 'video_asset' : 'cover_asset',
    refusals: {
      notFound: VIDEO_MESSAGES.assetNotFound,
      wrongKind: isVideo ? VIDEO_MESSAGES.notAVideo : VIDEO_MESSAGES.notAnImage,
      failed: isVideo ? VIDEO_MESSAGES.videoFailed : VIDEO_MESSAGES.coverFailed,
      inUse: VIDEO_MESSAGES.assetInUse,
    },
  });
}
