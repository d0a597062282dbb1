import { avatarUrl, MEDIA_MESSAGES, type TMediaUploadResponse } from '@stagepass/contract/media';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { mediaAssets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { createId } from '../../lib/ids.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { isPixelLimitError, MAX_INPUT_PIXELS, makeAvatarVariants } from './avatar-variants.ts';
import { detectImageType, readImageHeader } from './image-type.ts';

export { type MediaHolderReads, registerMediaHolders } from './media-holders.ts';

type StoreContext = { db: Db; mediaStore: MediaStore };

/**
 * How a module that points at assets (profiles: a person's avatar; audio: a track's sound)
 * lets go of an asset being deleted: inside the transaction that deletes its row, just before
 * it, so nothing points at a missing asset.
 * The owning module registers it as the app is built, so media writes no table of another
 * module and imports none (profiles imports media, not the other way round).
 */
export type MediaReferenceRelease = (tx: Db, asset: { publicId: string; ownerId: string }) => Promise<void>;

const referenceReleases = new Set<MediaReferenceRelease>();

/** Called by a module as the app is built; the same function registered again counts once. */
export function registerMediaReferenceRelease(release: MediaReferenceRelease): void {
  referenceReleases.add(release);
}

/**
 * Whom a signed address may name besides a signed-in user: a viewer written '<prefix>:<id>'
 * (audio's private podcast feeds sign their enclosures for 'feed:<feedId>', as podcast apps
 * carry no session). The module that signs for such viewers registers how to tell, at each
 * request, whether the viewer may still fetch the asset (the feed's pass still runs).
 */
export type SignedViewerCheck = (
  db: Db,
  viewer: string,
  asset: { publicId: string; ownerId: string },
) => Promise<boolean>;

const signedViewerChecks = new Map<string, SignedViewerCheck>();

export function registerSignedViewer(prefix: string, check: SignedViewerCheck): void {
  signedViewerChecks.set(prefix, check);
}

/** The check for a viewer named '<prefix>:…', or undefined for a user id. */
export function findSignedViewerCheck(viewer: string): SignedViewerCheck | undefined {
  const separator = viewer.indexOf(':');
  return separator > 0 ? signedViewerChecks.get(viewer.slice(0, separator)) : undefined;
}

/** 120 random bits: an asset's address cannot be guessed from another one's. */
export const PUBLIC_ID_LENGTH = 20;
const PUBLIC_ID_PATTERN = /^[A-Za-z0-9_-]{20}$/;

export function isPublicIdShape(publicId: string): boolean {
  return PUBLIC_ID_PATTERN.test(publicId);
}

/**
 * Makes and stores the avatar variants of an image (a file path or its bytes) and records
 * the asset. The type comes from the bytes, never a name. The row is written only after
 * every file is stored, and any failure removes the files already written: nothing half
 * done is left. Used by the upload route and by the demo seed.
 */
export async function storeAvatarImage(
  options: StoreContext & { ownerId: string; input: Buffer | string },
): Promise<TMediaUploadResponse> {
  const { db, mediaStore } = options;
  const type = detectImageType(await readImageHeader(options.input));
  if (!type) throw unsupportedType();
  const variants = await makeAvatarVariants(options.input).catch((error: unknown) => {
    if (isPixelLimitError(error)) {
      throw new AppError('IMAGE_TOO_MANY_PIXELS', MEDIA_MESSAGES.tooManyPixels(MAX_INPUT_PIXELS / 1e6), 413);
    }
    // A HEIF container sharp cannot decode (HEVC-coded HEIC without a libheif that has
    // the codec) is a type we do not support here; anything else is a damaged file.
    if (type === 'heif') throw unsupportedType();
    throw new AppError('IMAGE_UNREADABLE', MEDIA_MESSAGES.unreadable, 400);
  });

  const publicId = createId(PUBLIC_ID_LENGTH);
  const written: string[] = [];
  try {
    const keys: Record<string, string> = {};
    for (const variant of variants) {
      const key = `${publicId}/${variant.name}.webp`;
      await mediaStore.put(key, variant.data, { contentType: 'image/webp' });
      written.push(key);
      keys[variant.name] = key;
    }
    const main = variants[0]!;
    await db.insert(mediaAssets).values({
      publicId,
      ownerId: options.ownerId,
      kind: 'image',
      purpose: 'avatar',
      variants: keys,
      width: main.width,
      height: main.height,
      bytes: main.data.length,
    });
    return {
      public_id: publicId,
      secure_url: avatarUrl(publicId, 256),
      width: main.width,
      height: main.height,
      format: 'webp',
      bytes: main.data.length,
      variants: { avatar256: avatarUrl(publicId, 256), avatar64: avatarUrl(publicId, 64) },
    };
  } catch (error) {
    // The caller must see the first failure; a file the clean-up missed is referenced by nothing.
    await mediaStore.delete(written).catch(() => {});
    throw error;
  }
}

/**
 * Deletes an asset of its owner: files first (every file under its folder, so variants a
 * job was writing at that moment go too), then, in one transaction, what other modules
 * point at it (registerMediaReferenceRelease: a track whose sound this is goes, while the
 * catalogue still says whose it is) and the row (item_media's row of it goes by its key).
 * In this order a failure part-way leaves the row, so a retry finishes the job; the other
 * order could leave files nothing points to.
 * Call it after (not inside) a transaction that stops using the asset: files cannot be
 * rolled back.
 */
export async function deleteMediaAsset(
  options: StoreContext & { ownerId: string; publicId: string },
): Promise<void> {
  const { db } = options;
  if (!isPublicIdShape(options.publicId)) throw notFound();
  const [asset] = await db
    .select()
    .from(mediaAssets)
    .where(and(eq(mediaAssets.publicId, options.publicId), eq(mediaAssets.ownerId, options.ownerId)))
    .limit(1);
  // Somebody else's asset answers like a missing one: it reveals nothing.
  if (!asset) throw notFound();
  await options.mediaStore.delete(Object.values(asset.variants));
  await options.mediaStore.deletePrefix(asset.publicId);
  await db.transaction(async (tx) => {
    for (const release of referenceReleases) await release(tx, asset);
    await tx.delete(mediaAssets).where(eq(mediaAssets.publicId, asset.publicId));
  });
}

function unsupportedType(): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', MEDIA_MESSAGES.unsupportedType, 415);
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', MEDIA_MESSAGES.notFound, 404);
}
