import { AUDIO_VARIANTS } from '@stagepass/contract/audio';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type MediaAssetRow, mediaAssets } from '../../db/schema/index.ts';
import { type MediaHolderTerms, mediaHolderReads } from './media-holders.ts';

/**
 * Who may fetch an asset's files without a signed address.
 *
 * - Avatars: anybody (they are on public profiles).
 * - Post media: only while the item that holds the asset (item_media, asked of the
 *   catalogue) is published and public ('everyone'). An asset not yet attached to an item,
 *   or held by a subscribers-only or pay-to-unlock one, needs a signed address issued after
 *   the item's access check (issueMediaUrls).
 * - Audio tracks: the cover always (it is shown wherever the track is listed); the audio's
 *   renditions when the track is public; the 30-second preview and waveform of every
 *   track's sound (the main file of an item of kind audio), because they are what a
 *   listener without access is given (decision 020). The preview is a file of its own, so
 *   being open reveals nothing of the rest.
 * - Library videos (episodes too): the same for the main file's preview, poster and
 *   placeholder (decision 025). Their streaming folder (`<publicId>/hls/`) is served by
 *   folder tokens (folder-token.ts), issued after the item's access check.
 * - The uploaded original of post media: never open, whatever the post. It can carry what
 *   the processed variants drop (a photo's EXIF and GPS position, a video at full size),
 *   and its key is easy to guess from a variant's.
 * - A video's streaming files (its hls folder: playlists, renditions, thumbnails): never
 *   open here, whatever the item. A player reaches them through one folder token
 *   (folder-token.ts) issued after the item's access check; through /media/<key> only
 *   with a signed address, as any protected file.
 */
export type MediaAccessRow = Pick<
  MediaAssetRow,
  | 'publicId'
  | 'ownerId'
  | 'kind'
  | 'purpose'
  | 'status'
  | 'failureReason'
  | 'variants'
  | 'width'
  | 'height'
  | 'durationSeconds'
> & {
  /** Shown by a public post, a public track, or as a track's cover. */
  isOnPublicItem: boolean;
  /**
   * The main file of a track or of a library video (an episode included): its teaser (a
   * track's preview and waveform; a video's preview, poster and placeholder) is open to all.
   */
  hasOpenTeaser: boolean;
};

/** The variant name of a post's uploaded file, as stored by the upload. */
export const ORIGINAL_VARIANT = 'original';

/** A video's teaser files, as media processing names them (processing/process-video.ts). */
const VIDEO_TEASER_VARIANTS = ['preview', 'poster', 'placeholder'];
const TEASER_VARIANTS = new Set<string>([
  AUDIO_VARIANTS.preview,
  AUDIO_VARIANTS.waveform,
  ...VIDEO_TEASER_VARIANTS,
]);
/** The kinds whose main file gives an open teaser: what a viewer without access is shown. */
const KINDS_WITH_OPEN_TEASER = new Set(['audio', 'video']);

/** Variants of a video's hls folder are named 'hls/<file>' (master.m3u8, 240p.mp4 …). */
const STREAMING_VARIANT_PREFIX = 'hls/';

export function streamingVariantName(file: string): string {
  return `${STREAMING_VARIANT_PREFIX}${file}`;
}

export function isStreamingVariant(variantName: string): boolean {
  return variantName.startsWith(STREAMING_VARIANT_PREFIX);
}

export function isOpenVariant(asset: MediaAccessRow, variantName: string): boolean {
  if (asset.purpose === 'avatar') return true;
  if (variantName === ORIGINAL_VARIANT || isStreamingVariant(variantName)) return false;
  if (asset.hasOpenTeaser && TEASER_VARIANTS.has(variantName)) return true;
  return asset.isOnPublicItem;
}

/** The variant a store key belongs to, or undefined when the asset lists no such file. */
export function findVariantName(asset: Pick<MediaAssetRow, 'variants'>, key: string): string | undefined {
  return Object.entries(asset.variants).find(([, variantKey]) => variantKey === key)?.[0];
}

/** What a read of an asset needs to describe it and decide who may see it. */
export const mediaAssetColumns = {
  publicId: mediaAssets.publicId,
  ownerId: mediaAssets.ownerId,
  kind: mediaAssets.kind,
  purpose: mediaAssets.purpose,
  status: mediaAssets.status,
  failureReason: mediaAssets.failureReason,
  variants: mediaAssets.variants,
  width: mediaAssets.width,
  height: mediaAssets.height,
  durationSeconds: mediaAssets.durationSeconds,
};

/** The asset's columns and the item that holds it (media-holders.ts), read together. */
function accessColumns() {
  return { ...mediaAssetColumns, holder: mediaHolderReads().holderColumn(mediaAssets.publicId) };
}

type AccessRead = Omit<MediaAccessRow, 'isOnPublicItem' | 'hasOpenTeaser'> & {
  holder: MediaHolderTerms | null;
};

/**
 * The rules above over the holding item's terms: a published item's cover always, its other
 * files when it is public; an audio item's main file (the track's sound) gives its teaser.
 * An item still processing (its main file not ready) has its cover open too: the reads give
 * covers as plain /media addresses, its author sees it meanwhile, and it opens to all at
 * publishing anyway; never a hidden or removed item's.
 */
function toMediaAccess({ holder, ...asset }: AccessRead): MediaAccessRow {
  const isPublished = holder?.status === 'published';
  const isCoverOpen = holder?.role === 'cover' && (isPublished || holder.status === 'processing');
  return {
    ...asset,
    isOnPublicItem: isCoverOpen || (isPublished && holder.visibility === 'everyone'),
    hasOpenTeaser: holder !== null && KINDS_WITH_OPEN_TEASER.has(holder.kind) && holder.role === 'main',
  };
}

export async function findMediaAccess(db: Db, publicId: string): Promise<MediaAccessRow | undefined> {
  const [row] = await db.select(accessColumns()).from(mediaAssets).where(eq(mediaAssets.publicId, publicId));
  return row && toMediaAccess(row);
}

export async function findMediaAccessOfMany(db: Db, publicIds: readonly string[]): Promise<MediaAccessRow[]> {
  if (publicIds.length === 0) return [];
  const rows = await db
    .select(accessColumns())
    .from(mediaAssets)
    .where(inArray(mediaAssets.publicId, [...publicIds]));
  return rows.map(toMediaAccess);
}
