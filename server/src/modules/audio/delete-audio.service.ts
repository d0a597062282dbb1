import { AUDIO_MESSAGES } from '@stagepass/contract/audio';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { audioTracks } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { detachItemMedia, type ItemMediaRole, readItemMedia } from '../items/item-media.service.ts';
import { deleteItem } from '../items/items.service.ts';
import { deleteMediaAsset } from '../media/media.service.ts';

type DeleteOptions = {
  db: Db;
  mediaStore: MediaStore;
  author: { id: string; username: string };
  log: FastifyBaseLogger;
};

/**
 * delete_audio/:username/:audioId with { public_id }: the author deletes a track. The body's
 * public_id must be the track's audio file, so a client that holds a stale track cannot
 * delete another. The row goes first (its reactions and plays cascade), then its files
 * through media, once the track is gone for good (files cannot be rolled back). Should
 * removing a file fail, the error is logged with the asset's id; nothing points at it and
 * its owner can still delete it through DELETE /api/media/:publicId.
 */
export async function deleteAudio(
  options: DeleteOptions & { audioId: string; publicId: string },
): Promise<string> {
  const { db, author } = options;
  const track = await findTrack(db, options.audioId);
  if (track.media.main !== options.publicId) {
    throw new AppError('VALIDATION_ERROR', AUDIO_MESSAGES.publicIdMismatch, 400, 'public_id');
  }
  // The item's media rows go with it by their key; the files are media's to delete.
  const isDeleted = await deleteItem(db, { itemId: track.id, creatorId: author.id });
  // Deleted by a concurrent request of the author: the same outcome.
  if (isDeleted) {
    for (const publicId of [track.media.main, track.media.cover]) {
      if (publicId) await removeAsset(options, publicId, track.id);
    }
  }
  return AUDIO_MESSAGES.trackDeleted;
}

/**
 * delete_asset/:audioId with { public_id }: the author removes the track's cover, from the
 * track and the store. The audio file itself is refused: a track is its sound, and deleting
 * the track is the way to remove it.
 */
export async function deleteAudioAsset(
  options: DeleteOptions & { audioId: string; publicId: string },
): Promise<string> {
  const { db } = options;
  const track = await findTrack(db, options.audioId);
  if (track.media.main === options.publicId) {
    throw new AppError('CONFLICT', AUDIO_MESSAGES.audioAssetNeeded, 409, 'public_id');
  }
  if (track.media.cover !== options.publicId) {
    throw new AppError('VALIDATION_ERROR', AUDIO_MESSAGES.assetNotOnTrack, 400, 'public_id');
  }
  await detachItemMedia(db, { itemId: track.id, role: 'cover', mediaPublicId: options.publicId });
  await removeAsset(options, options.publicId, track.id);
  return AUDIO_MESSAGES.coverDeleted;
}

/**
 * The track whose author the route's guard admitted ('owner'), and its files by role (its
 * sound is 'main'); gone since then (a concurrent delete of theirs), it is not found, as it
 * would have been a moment later.
 */
async function findTrack(
  db: Db,
  audioId: string,
): Promise<{ id: string; media: Partial<Record<ItemMediaRole, string>> }> {
  const [track] = await db
    .select({ id: audioTracks.id })
    .from(audioTracks)
    .where(eq(audioTracks.id, audioId));
  if (!track) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound, 404);
  return { id: track.id, media: await readItemMedia(db, track.id) };
}

async function removeAsset(options: DeleteOptions, publicId: string, audioId: string): Promise<void> {
  try {
    await deleteMediaAsset({
      db: options.db,
      mediaStore: options.mediaStore,
      ownerId: options.author.id,
      publicId,
    });
  } catch (error) {
    options.log.error({ err: error, audioId, publicId }, 'track file not deleted');
  }
}
