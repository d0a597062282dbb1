import { AUDIO_PREVIEW_SECONDS, AUDIO_VARIANTS, type TAudio } from '@stagepass/contract/audio';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Db, preparedReadByIds } from '../../db/client.ts';
import {
  type AudioTrackRow,
  audioTracks,
  itemMedia,
  items,
  mediaAssets,
  users,
} from '../../db/schema/index.ts';
import {
  type ItemEnvelopeRow,
  isItemShownTo,
  itemEnvelopeColumns,
  readItemsForViewer,
  toItemEnvelope,
} from '../items/item-envelope.service.ts';
import { describeAsset, type MediaAccessRow, mediaAssetColumns } from '../media/media-urls.service.ts';

/**
 * Turns track ids into the spec's Audio entity as one viewer may hear it: the one gate every
 * audio read goes through.
 * - a block either way hides the creator's tracks (they answer like missing ones);
 * - a track is shown to others only once its audio is processed (its author sees it while
 *   processing, and a failure with its reason);
 * - who hears it in full is access's one rule (the author, everyone for a public track, a
 *   pass holder for a subscribers' track, a buyer for a pay-to-unlock one), decided in the
 *   same query; anyone else gets the 30-second preview file and the waveform, never an
 *   address of a full rendition.
 */

const coverAssets = alias(mediaAssets, 'cover_assets');
// A track's sound is its item's main file, its picture the cover (item_media, by its primary key).
const mainMedia = alias(itemMedia, 'main_media');
const coverMedia = alias(itemMedia, 'cover_media');

/** A track read: the catalogue's envelope (author, terms, lock, reactions) and the track's own. */
type LoadedTrack = ItemEnvelopeRow & {
  track: AudioTrackRow;
  audio: Omit<MediaAccessRow, 'isOnPublicItem' | 'hasOpenTeaser'>;
  cover: { publicId: string; variants: Record<string, string>; status: string } | null;
};

/**
 * The track read, as named prepared statements (db/client's preparedReadByIds): seven
 * tables and the envelope's subplans took 4.4 ms to plan and 1.3 ms to run at 110,000
 * tracks (bench:audio-list); PostgreSQL keeps the plan per connection.
 */
const readTracks = preparedReadByIds('load_tracks_for_viewer', (db, isAmongIds) =>
  db
    .select({
      ...itemEnvelopeColumns(sql.placeholder('viewerId')),
      track: audioTracks,
      audio: mediaAssetColumns,
      cover: { publicId: coverAssets.publicId, variants: coverAssets.variants, status: coverAssets.status },
    })
    .from(audioTracks)
    .innerJoin(items, eq(items.id, audioTracks.id))
    .innerJoin(users, eq(users.id, audioTracks.authorId))
    .innerJoin(mainMedia, and(eq(mainMedia.itemId, audioTracks.id), eq(mainMedia.role, 'main')))
    .innerJoin(mediaAssets, eq(mediaAssets.publicId, mainMedia.mediaPublicId))
    .leftJoin(coverMedia, and(eq(coverMedia.itemId, audioTracks.id), eq(coverMedia.role, 'cover')))
    .leftJoin(coverAssets, eq(coverAssets.publicId, coverMedia.mediaPublicId))
    .where(isAmongIds(audioTracks.id)),
);

/** The tracks among `ids` the viewer may see, in the order of `ids`. One round trip. */
export async function loadTracksForViewer(options: {
  db: Db;
  appSecret: string;
  viewerId: string | undefined;
  ids: readonly string[];
}): Promise<TAudio[]> {
  const { viewerId } = options;
  return readItemsForViewer({
    ...options,
    read: readTracks,
    idOf: (row: LoadedTrack) => row.track.id,
    isShown: (row) => isVisibleTo(row, viewerId),
    toView: (row) => toAudio(row, options.appSecret, viewerId),
  });
}

function isVisibleTo(row: LoadedTrack, viewerId: string | undefined): boolean {
  return isItemShownTo(row, viewerId, row.audio.status === 'ready');
}

/** What a listener without access is given: the preview file and the seek bar's peaks. */
const TEASER_VARIANTS = [AUDIO_VARIANTS.preview, AUDIO_VARIANTS.waveform];
const FULL_VARIANTS = [AUDIO_VARIANTS.full, AUDIO_VARIANTS.dataSaver, ...TEASER_VARIANTS];

function toAudio(row: LoadedTrack, appSecret: string, viewerId: string | undefined): TAudio {
  const { track, item, audio } = row;
  const { isAuthor, isLocked, ...envelope } = toItemEnvelope(row, viewerId);
  const hasPaid = !isLocked;
  const urls = describeAsset(
    { ...audio, isOnPublicItem: envelope.visibility === 'everyone', hasOpenTeaser: true },
    { appSecret, viewerId: viewerId ?? null, variants: hasPaid ? FULL_VARIANTS : TEASER_VARIANTS },
  );
  const duration = audio.durationSeconds;
  return {
    audioId: track.id,
    title: track.title,
    genre: track.genre,
    createdAt: track.createdAt.toISOString(),
    author: envelope.author,
    cover_asset: toCoverAsset(row.cover),
    audio_asset: {
      public_id: audio.publicId,
      secure_url: urls.urls[AUDIO_VARIANTS.full] ?? null,
      data_saver_url: urls.urls[AUDIO_VARIANTS.dataSaver] ?? null,
      preview_url: urls.urls[AUDIO_VARIANTS.preview] ?? null,
      waveform_url: urls.urls[AUDIO_VARIANTS.waveform] ?? null,
      duration,
      preview_duration: duration === null ? null : Math.min(duration, AUDIO_PREVIEW_SECONDS),
      status: audio.status,
      failureReason: isAuthor ? audio.failureReason : null,
    },
    visibility: envelope.visibility,
    price: envelope.price,
    profileInteraction: isAuthor ? 'AUTHOR' : 'GUEST',
    hasPaid,
    lockReason: envelope.lockReason,
    reactionCounts: envelope.reactionCounts,
    viewerReaction: envelope.viewerReaction,
    plays: item.views,
    urlsExpireAt: urls.expiresAt?.toISOString() ?? null,
  };
}

/** A cover is open to all (media-access.ts): its plain /media addresses. */
function toCoverAsset(cover: LoadedTrack['cover']): TAudio['cover_asset'] {
  if (cover?.status !== 'ready') return null;
  // Square, as album art is; a cover processed before the square crop existed has the post size.
  const post = cover.variants.square ?? cover.variants.post;
  if (!post) return null;
  const placeholder = cover.variants.placeholder;
  return {
    public_id: cover.publicId,
    secure_url: `/media/${post}`,
    placeholder_url: placeholder ? `/media/${placeholder}` : null,
  };
}
