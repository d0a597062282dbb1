import {
  AUDIO_ID_LENGTH,
  AUDIO_MESSAGES,
  type TAudio,
  type ZCreateAudioRequest,
} from '@stagepass/contract/audio';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { audioTracks, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createId } from '../../lib/ids.ts';
import { recordAccountActivity } from '../auth/account-activity.service.ts';
import { attachItemMedia, claimItemUpload } from '../items/item-media.service.ts';
import { findItem, insertItem } from '../items/items.service.ts';
import { loadTracksForViewer } from './audio-view.ts';

type CreateAudioRequest = z.output<typeof ZCreateAudioRequest>;

/**
 * Publishes a track as the signed-in creator. The audio file and the cover are the
 * creator's own uploads (purpose post), each used by nothing else; the audio may still be
 * processing (the track shows to others once it is ready). A repeat of the same audioId by
 * the same author answers the track already made (isNew false) without changing it.
 */
export async function createAudio(options: {
  db: Db;
  appSecret: string;
  author: UserRow;
  request: CreateAudioRequest;
}): Promise<{ audio: TAudio; isNew: boolean }> {
  const { db, appSecret, author, request } = options;
  const audioId = request.audioId ?? createId(AUDIO_ID_LENGTH);

  const existing = await findExistingTrack(db, appSecret, audioId, author.id);
  if (existing) return { audio: existing, isNew: false };

  const coverPublicId = request.cover_asset?.public_id ?? null;
  const isNew = await db.transaction(async (tx) => {
    const audio = await claimUpload(tx, {
      authorId: author.id,
      publicId: request.audio_asset.public_id,
      kind: 'audio',
    });
    if (coverPublicId) await claimUpload(tx, { authorId: author.id, publicId: coverPublicId, kind: 'image' });
    const item = await insertItem(tx, {
      id: audioId,
      kind: 'audio',
      creatorId: author.id,
      visibility: request.visibility,
      price: request.price ?? null,
      isMainFileReady: audio.isReady,
    });
    // A concurrent create with the same id got there first (or the id is another item's):
    // answered below like a repeat.
    if (!item) return false;
    await tx.insert(audioTracks).values({
      id: audioId,
      authorId: author.id,
      createdAt: item.createdAt,
      title: request.title,
      genre: request.genre,
    });
    await attachItemMedia(tx, audioId, 'main', request.audio_asset.public_id);
    if (coverPublicId) await attachItemMedia(tx, audioId, 'cover', coverPublicId);
    // Publishing is activity: it lifts the creator in the featured list.
    await recordAccountActivity(tx, author.id);
    return true;
  });
  if (!isNew) {
    const raced = await findExistingTrack(db, appSecret, audioId, author.id);
    if (raced) return { audio: raced, isNew: false };
  }
  const [audio] = await loadTracksForViewer({ db, appSecret, viewerId: author.id, ids: [audioId] });
  if (!audio) throw new Error(`track ${audioId} vanished after its creation`);
  return { audio, isNew };
}

async function findExistingTrack(
  db: Db,
  appSecret: string,
  audioId: string,
  authorId: string,
): Promise<TAudio | null> {
  const row = await findItem(db, audioId);
  if (!row) return null;
  if (row.creatorId !== authorId || row.kind !== 'audio')
    throw new AppError('CONFLICT', AUDIO_MESSAGES.idTaken, 409);
  const [audio] = await loadTracksForViewer({ db, appSecret, viewerId: authorId, ids: [audioId] });
  return audio ?? null;
}

/** The upload is the author's own, of the right kind, not failed, and used by no post or other track. */
function claimUpload(
  tx: Db,
  options: { authorId: string; publicId: string; kind: 'audio' | 'image' },
): Promise<{ isReady: boolean }> {
  const isAudio = options.kind === 'audio';
  return claimItemUpload(tx, {
    ownerId: options.authorId,
    publicId: options.publicId,
    kind: options.kind,
    field: isAudio ? 'audio_asset' : 'cover_asset',
    refusals: {
      notFound: AUDIO_MESSAGES.assetNotFound,
      wrongKind: isAudio ? AUDIO_MESSAGES.notAnAudio : AUDIO_MESSAGES.notAnImage,
      failed: isAudio ? AUDIO_MESSAGES.audioFailed : AUDIO_MESSAGES.coverFailed,
      inUse: AUDIO_MESSAGES.assetInUse,
    },
  });
}
