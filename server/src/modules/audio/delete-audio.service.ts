import { AUDIO_MESSAGES } from '@stagepass/contract/audio';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audioTracks } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  deleteItemFile,
  type ItemFileContext,
  type ItemMediaRole,
  readItemMedia,
  removeItemCover,
} from '../items/item-media.service.ts';
import { deleteItem } from '../items/items.service.ts';

type DeleteOptions = Omit<ItemFileContext, 'ownerId'> & { author: { id: string; username: string } };

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
      if (publicId) await deleteItemFile({ ...options, ownerId: author.id }, { itemId: track.id, publicId });
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
  const track = await findTrack(options.db, options.audioId);
  await removeItemCover({
    ...options,
    ownerId: options.author.id,
    itemId: track.id,
    media: track.media,
    refusals: { mainFileNeeded: AUDIO_MESSAGES.audioAssetNeeded, notOnItem: AUDIO_MESSAGES.assetNotOnTrack },
  });
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
