import { type TVideo, VIDEO_MESSAGES, type ZUpdateVideoRequest } from '@stagepass/contract/video';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { items, type UserRow, videos } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { updateItemSale } from '../items/items.service.ts';
import { appendEpisode, lockSeries, moveEpisode, removeEpisode } from './series-episodes.ts';
import { loadVideoForViewer } from './video-view.ts';

type UpdateVideoRequest = z.output<typeof ZUpdateVideoRequest>;

/**
 * The edit and edit-episode modals: changes what is given of the author's video or series,
 * in one transaction. Moving between series locks each series touched (series-episodes.ts).
 */
export async function updateVideo(options: {
  db: Db;
  appSecret: string;
  author: UserRow;
  request: UpdateVideoRequest;
}): Promise<TVideo> {
  const { db, author, request } = options;
  const { videoId } = request;
  await db.transaction(async (tx) => {
    const [item] = await tx.select().from(items).where(eq(items.id, videoId)).for('update');
    if (!item || (item.kind !== 'video' && item.kind !== 'series')) {
      throw new AppError('NOT_FOUND', VIDEO_MESSAGES.notFound, 404, 'videoId');
    }
    if (item.creatorId !== author.id) throw new AppError('FORBIDDEN', VIDEO_MESSAGES.authorOnly, 403);

    if (request.title !== undefined || request.description !== undefined) {
      await tx
        .update(videos)
        .set({
          ...(request.title !== undefined && { title: request.title }),
          ...(request.description !== undefined && { description: request.description }),
        })
        .where(eq(videos.id, videoId));
    }
    if (request.visibility !== undefined) {
      await updateItemSale(tx, {
        itemId: videoId,
        creatorId: author.id,
        visibility: request.visibility,
        price: request.price ?? null,
      });
    }

    let seriesId = item.parentId;
    let position = item.position;
    if (request.seriesId !== undefined && request.seriesId !== item.parentId) {
      if (item.kind === 'series') {
        throw new AppError('VALIDATION_ERROR', VIDEO_MESSAGES.seriesInSeries, 400, 'seriesId');
      }
      if (item.parentId && item.position !== null) {
        await lockSeries(tx, { seriesId: item.parentId, creatorId: author.id });
        await removeEpisode(tx, { videoId, seriesId: item.parentId, position: item.position });
      }
      seriesId = request.seriesId;
      position = null;
      if (seriesId) {
        await lockSeries(tx, { seriesId, creatorId: author.id });
        await appendEpisode(tx, { videoId, seriesId });
        const [placed] = await tx
          .select({ position: items.position })
          .from(items)
          .where(eq(items.id, videoId));
        position = placed?.position ?? null;
      }
    }
    if (request.position !== undefined) {
      if (!seriesId || position === null) {
        throw new AppError('VALIDATION_ERROR', VIDEO_MESSAGES.notAnEpisode, 400, 'position');
      }
      await lockSeries(tx, { seriesId, creatorId: author.id });
      await moveEpisode(tx, { videoId, seriesId, from: position, to: request.position });
    }
  });
  const video = await loadVideoForViewer({ db, appSecret: options.appSecret, viewerId: author.id, videoId });
  if (!video) throw new AppError('NOT_FOUND', VIDEO_MESSAGES.notFound, 404, 'videoId');
  return video;
}
