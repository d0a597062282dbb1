import { VIDEO_MESSAGES } from '@stagepass/contract/video';
import { and, eq, inArray, or } from 'drizzle-orm';
import { itemMedia, items } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  deleteItemFile,
  type ItemFileContext,
  readItemMedia,
  removeItemCover,
} from '../items/item-media.service.ts';
import { lockSeries, removeEpisode } from './series-episodes.ts';

type DeleteOptions = Omit<ItemFileContext, 'ownerId'> & { author: { id: string; username: string } };

/**
 * delete_video/:username/:videoId with { public_id }: the author deletes a video, or a
 * series with its episodes. public_id must be the video's file (a series': its videoId), so
 * a client holding a stale list cannot delete another. The rows go first (reactions, views,
 * unlocks' grants, positions go by their keys; a deleted episode's place closes up), then
 * the files through media, once the videos are gone for good.
 */
export async function deleteVideo(
  options: DeleteOptions & { videoId: string; publicId: string },
): Promise<string> {
  const media = await readItemMedia(options.db, options.videoId);
  const [item] = await options.db
    .select({ kind: items.kind })
    .from(items)
    .where(eq(items.id, options.videoId));
  if (!item) throw new AppError('NOT_FOUND', VIDEO_MESSAGES.notFound, 404);
  const expected = item.kind === 'series' ? options.videoId : media.main;
  if (options.publicId !== expected) {
    throw new AppError('VALIDATION_ERROR', VIDEO_MESSAGES.publicIdMismatch, 400, 'public_id');
  }
  const { deleted } = await deleteVideos(options, [options.videoId]);
  const episodes = deleted.length - 1;
  return item.kind === 'series'
    ? VIDEO_MESSAGES.seriesDeleted(Math.max(0, episodes))
    : VIDEO_MESSAGES.videoDeleted;
}

/**
 * delete-many: the author's videos (and series with their episodes) at once, all or none: a
 * videoId that is not the author's video refuses the whole request.
 */
export async function deleteManyVideos(
  options: DeleteOptions & { videoIds: readonly string[] },
): Promise<{ message: string; deleted: string[] }> {
  const ids = [...new Set(options.videoIds)];
  const owned = await options.db
    .select({ id: items.id })
    .from(items)
    .where(
      and(
        inArray(items.id, ids),
        eq(items.creatorId, options.author.id),
        or(eq(items.kind, 'video'), eq(items.kind, 'series')),
      ),
    );
  if (owned.length !== ids.length) throw new AppError('NOT_FOUND', VIDEO_MESSAGES.notFound, 404, 'videoIds');
  const { deleted } = await deleteVideos(options, ids);
  return { message: VIDEO_MESSAGES.manyDeleted(deleted.length), deleted };
}

/**
 * Deletes the author's videos among `ids` with their episodes, closing up the places of
 * episodes deleted from a series that stays, then their files. The ids deleted.
 */
async function deleteVideos(options: DeleteOptions, ids: readonly string[]): Promise<{ deleted: string[] }> {
  const { db, author } = options;
  const { deleted, files } = await db.transaction(async (tx) => {
    const chosen = await tx
      .select({ id: items.id, parentId: items.parentId, position: items.position })
      .from(items)
      .where(
        and(
          eq(items.creatorId, author.id),
          or(inArray(items.id, [...ids]), inArray(items.parentId, [...ids])),
        ),
      )
      .for('update');
    const files = await tx
      .select({ itemId: itemMedia.itemId, publicId: itemMedia.mediaPublicId })
      .from(itemMedia)
      .where(
        inArray(
          itemMedia.itemId,
          chosen.map((row) => row.id),
        ),
      );
    // Episodes leaving a series that stays: later episodes move up, the last first.
    const leaving = chosen
      .filter((row) => row.parentId && row.position !== null && !ids.includes(row.parentId))
      .sort((a, b) => (b.position ?? 0) - (a.position ?? 0));
    for (const episode of leaving) {
      await lockSeries(tx, { seriesId: episode.parentId!, creatorId: author.id });
      await removeEpisode(tx, {
        videoId: episode.id,
        seriesId: episode.parentId!,
        position: episode.position!,
      });
    }
    await tx.delete(items).where(
      inArray(
        items.id,
        chosen.map((row) => row.id),
      ),
    );
    return { deleted: chosen.map((row) => row.id), files };
  });
  for (const file of files) await deleteItemFile({ ...options, ownerId: author.id }, file);
  return { deleted };
}

/**
 * delete_asset/:videoId with { public_id }: the author removes the video's cover, from the
 * video and the store. The video file itself is refused: deleting the video removes it.
 */
export async function deleteVideoAsset(
  options: DeleteOptions & { videoId: string; publicId: string },
): Promise<string> {
  await removeItemCover({
    ...options,
    ownerId: options.author.id,
    itemId: options.videoId,
    media: await readItemMedia(options.db, options.videoId),
    refusals: { mainFileNeeded: VIDEO_MESSAGES.videoAssetNeeded, notOnItem: VIDEO_MESSAGES.assetNotOnVideo },
  });
  return VIDEO_MESSAGES.coverDeleted;
}
