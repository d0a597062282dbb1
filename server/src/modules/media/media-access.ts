import { AUDIO_VARIANTS } from '@stagepass/contract/audio';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audioTracks, type MediaAssetRow, mediaAssets } from '../../db/schema/index.ts';

/**
 * Who may fetch an asset's files without a signed address.
 *
 * - Avatars: anybody (they are on public profiles).
 * - Post media: only while some post that shows the asset is public ('everyone'). An asset
 *   not yet attached to a post, or attached to a subscribers-only or pay-to-unlock post,
 *   needs a signed address issued after the post's access check (issueMediaUrls).
 * - Audio tracks: the cover always (it is shown wherever the track is listed); the audio's
 *   renditions when the track is public; its 30-second preview and waveform for every track,
 *   because they are what a listener without access is given (decision 020). The preview is
 *   a file of its own, so being open reveals nothing of the rest.
 * - The uploaded original of post media: never open, whatever the post. It can carry what
 *   the processed variants drop (a photo's EXIF and GPS position, a video at full size),
 *   and its key is easy to guess from a variant's.
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
  /** The audio file of a track: its preview and waveform are open to all. */
  isTrackAudio: boolean;
};

/** The variant name of a post's uploaded file, as stored by the upload. */
export const ORIGINAL_VARIANT = 'original';

const TEASER_VARIANTS = new Set<string>([AUDIO_VARIANTS.preview, AUDIO_VARIANTS.waveform]);

export function isOpenVariant(asset: MediaAccessRow, variantName: string): boolean {
  if (asset.purpose === 'avatar') return true;
  if (variantName === ORIGINAL_VARIANT) return false;
  if (asset.isTrackAudio && TEASER_VARIANTS.has(variantName)) return true;
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

// Written with aliases: inside a select's fields Drizzle names columns without their table,
// which two joined tables make ambiguous.
const accessColumns = {
  ...mediaAssetColumns,
  isOnPublicItem: sql<boolean>`(exists (
    select 1 from posts as p join items as i on i.id = p.id
    where p.media_public_id = ${mediaAssets.publicId} and i.visibility = 'everyone' and i.status = 'published'
  ) or exists (
    select 1 from audio_tracks as t join items as i on i.id = t.id
    where i.status = 'published' and (t.cover_public_id = ${mediaAssets.publicId}
      or (t.audio_public_id = ${mediaAssets.publicId} and i.visibility = 'everyone'))
  ))`.mapWith(Boolean),
  isTrackAudio: sql<boolean>`exists (
    select 1 from ${audioTracks} where ${audioTracks.audioPublicId} = ${mediaAssets.publicId}
  )`.mapWith(Boolean),
};

export async function findMediaAccess(db: Db, publicId: string): Promise<MediaAccessRow | undefined> {
  const [row] = await db.select(accessColumns).from(mediaAssets).where(eq(mediaAssets.publicId, publicId));
  return row;
}

export async function findMediaAccessOfMany(db: Db, publicIds: readonly string[]): Promise<MediaAccessRow[]> {
  if (publicIds.length === 0) return [];
  return db
    .select(accessColumns)
    .from(mediaAssets)
    .where(inArray(mediaAssets.publicId, [...publicIds]));
}
