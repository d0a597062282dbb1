import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { App } from '../../app.ts';
import { type MediaAssetRow, mediaAssets, users } from '../../db/schema/index.ts';
import { waitFor } from '../../jobs/test-jobs.ts';
import { createId } from '../../lib/ids.ts';
import {
  checkFolderToken,
  FOLDER_TOKEN_PREFIX,
  type FolderTokenCheck,
} from '../../modules/media/folder-token.ts';
import { queueMediaProcessing } from '../../modules/media/queue-processing.ts';
import { type SignedUpAccount, signUpAccount } from './people.ts';

// Media for tests: real images and uploads through the API, or an asset as the media
// module leaves it after processing (files in the store and a row), when the upload itself
// is not what a test looks at.

/** Real images made with sharp for the tests: a 300×200 picture in each accepted format. */
export function makeImage(format: 'png' | 'jpeg' | 'gif' | 'webp' | 'avif', width = 300, height = 200) {
  return sharp({ create: { width, height, channels: 3, background: '#d94f30' } })
    .toFormat(format)
    .toBuffer();
}

/** Posts a multipart form with one file part, as a browser's FormData would. */
export function uploadFile(
  app: App,
  cookie: string,
  file: { data: Buffer; name?: string; type?: string; field?: string },
  query = '?purpose=avatar',
) {
  const form = new FormData();
  form.append(
    file.field ?? 'file',
    new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }),
    file.name ?? 'picture',
  );
  return app.inject({ method: 'POST', url: `/api/media/upload${query}`, headers: { cookie }, payload: form });
}

/** Posts a file as a post's upload (a photo, video or audio for a post). */
export function uploadPostFile(
  app: App,
  cookie: string,
  file: { data: Buffer; name?: string; type?: string },
) {
  return uploadFile(app, cookie, file, '?purpose=post');
}

/** Every file (not folder) under the media store and the upload folder, relative to DATA_DIR. */
export function listFilesLeft(dataDir: string): string[] {
  return ['media', 'tmp/uploads']
    .flatMap((folder) =>
      fs
        .readdirSync(path.join(dataDir, folder), { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name))),
    )
    .sort();
}

/** Every folder under the media store except its own '.incoming'. */
export function listFoldersLeft(dataDir: string): string[] {
  return fs
    .readdirSync(path.join(dataDir, 'media'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== '.incoming')
    .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)));
}

/**
 * An account that may upload: signed up, its email verified (as the emailed code does) and
 * of the given type, a creator unless said (null: none chosen yet).
 */
export async function signUpUploader(
  app: App,
  { role = 'creator', isVerified = true }: { role?: 'creator' | 'fan' | null; isVerified?: boolean } = {},
): Promise<SignedUpAccount & { id: string }> {
  const account = await signUpAccount(app);
  const [user] = await app.db
    .update(users)
    .set({
      emailVerifiedAt: isVerified ? new Date() : null,
      role,
      category: role === 'creator' ? 'music artist' : null,
    })
    .where(eq(users.email, account.email))
    .returning({ id: users.id });
  return { ...account, id: user!.id };
}

/** A post upload as the media module leaves it: files in the store and a row. */
export async function insertPostMedia(
  app: App,
  ownerId: string,
  options: {
    kind?: 'image' | 'video' | 'audio';
    status?: 'processing' | 'ready' | 'failed';
    purpose?: 'post' | 'avatar';
    /** A video's or a sound's length (5 s for a video, 180 s for a sound unless told). */
    durationSeconds?: number;
  } = {},
): Promise<{ publicId: string; keys: string[] }> {
  const publicId = createId();
  const kind = options.kind ?? 'image';
  const status = options.status ?? 'ready';
  // The media-processing module's variant names; the original is the upload as it came.
  const processed: Record<string, string> = {
    image: {
      post: 'post.webp',
      mobile: 'mobile.webp',
      placeholder: 'placeholder.webp',
      square: 'square.webp',
    },
    video: {
      poster: 'poster.jpg',
      preview: 'preview.mp4',
      placeholder: 'placeholder.webp',
      // The streaming ladder (a short one): playlists, one file a rendition, thumbnails.
      'hls/master.m3u8': 'hls/master.m3u8',
      'hls/240p.m3u8': 'hls/240p.m3u8',
      'hls/240p.mp4': 'hls/240p.mp4',
      'hls/audio.m3u8': 'hls/audio.m3u8',
      'hls/audio.mp4': 'hls/audio.mp4',
      'hls/thumbnails.jpg': 'hls/thumbnails.jpg',
      'hls/thumbnails.vtt': 'hls/thumbnails.vtt',
    },
    audio: {
      audio: 'audio.m4a',
      'audio-lite': 'audio-lite.m4a',
      preview: 'preview.m4a',
      waveform: 'waveform.json',
    },
  }[kind];
  const names = {
    original: { image: 'original.jpg', video: 'original.mp4', audio: 'original.mp3' }[kind],
    ...(status === 'ready' ? processed : {}),
  };
  const variants: Record<string, string> = {};
  for (const [name, file] of Object.entries(names)) {
    const key = `${publicId}/${file}`;
    await app.mediaStore.put(key, Buffer.from(`${name} bytes`), { contentType: 'application/octet-stream' });
    variants[name] = key;
  }
  await app.db.insert(mediaAssets).values({
    publicId,
    ownerId,
    kind,
    purpose: options.purpose ?? 'post',
    status,
    failureReason: status === 'failed' ? 'This video could not be read.' : null,
    variants,
    width: 686,
    height: 386,
    durationSeconds: options.durationSeconds ?? { image: null, video: 5, audio: 180 }[kind],
    bytes: 1000,
    // A ladder as processing measures it: 240p and the sound.
    renditions:
      kind === 'video' && status === 'ready'
        ? [
            { name: '240p', width: 426, height: 240, bandwidth: 300_000, bytes: 3_800_000 },
            { name: 'audio', width: null, height: null, bandwidth: 70_000, bytes: 1_000_000 },
          ]
        : null,
  });
  return { publicId, keys: Object.values(variants) };
}

/** An avatar upload's files and row, as the media module leaves them after an upload. */
export async function insertAvatarAsset(app: App, ownerId: string): Promise<string> {
  const publicId = createId();
  for (const size of [256, 64]) {
    await app.mediaStore.put(`${publicId}/avatar${size}.webp`, Buffer.from('webp'), {
      contentType: 'image/webp',
    });
  }
  await app.db.insert(mediaAssets).values({
    publicId,
    ownerId,
    kind: 'image',
    purpose: 'avatar',
    variants: { avatar256: `${publicId}/avatar256.webp`, avatar64: `${publicId}/avatar64.webp` },
    width: 256,
    height: 256,
    bytes: 1000,
  });
  return publicId;
}

/** Waits until the processing job has left the asset ready or failed; the asset's row. */
export async function waitUntilProcessed(
  app: App,
  publicId: string,
  timeoutMs = 60_000,
): Promise<MediaAssetRow> {
  return waitFor(
    async () => {
      const [asset] = await app.db.select().from(mediaAssets).where(eq(mediaAssets.publicId, publicId));
      return asset && asset.status !== 'processing' ? asset : undefined;
    },
    { timeoutMs, what: `asset ${publicId} to be processed` },
  );
}

/**
 * What a streaming folder's address (/media/folder/<token>/<publicId>/hls/<file>) opens,
 * checked by its signature as the folder route checks it: the store key and the token's
 * verdict (its audience: 'public' or a viewer's id).
 */
export function checkFolderAddress(app: App, url: string): { key: string; check: FolderTokenCheck } {
  const rest = url.slice(`${FOLDER_TOKEN_PREFIX}/`.length);
  if (!url.startsWith(`${FOLDER_TOKEN_PREFIX}/`)) throw new Error(`not a folder address: ${url}`);
  const [token, ...keyParts] = rest.split('/');
  const key = keyParts.join('/');
  return { key, check: checkFolderToken({ secret: app.config.appSecret, token: token!, key }) };
}

/**
 * What the upload does for a post's video, photo or audio: the original in the store,
 * the asset 'processing' and its job queued, in one transaction. Then wakes the runner.
 */
export async function uploadForProcessing(
  app: App,
  options: {
    ownerId: string;
    kind: MediaAssetRow['kind'];
    data: Buffer;
    extension: string;
    /** false: no job, for tests that run the processing themselves. */
    isQueued?: boolean;
  },
): Promise<string> {
  const publicId = createId(20);
  const originalKey = `${publicId}/original.${options.extension}`;
  await app.mediaStore.put(originalKey, options.data, { contentType: 'application/octet-stream' });
  await app.db.transaction(async (tx) => {
    await tx.insert(mediaAssets).values({
      publicId,
      ownerId: options.ownerId,
      kind: options.kind,
      purpose: 'post',
      status: 'processing',
      variants: { original: originalKey },
      bytes: options.data.length,
    });
    if (options.isQueued !== false)
      await queueMediaProcessing(tx, { publicId, kind: options.kind, ownerId: options.ownerId });
  });
  app.jobs.wake();
  return publicId;
}

/** Queues the processing of an upload made with `isQueued: false`, as the upload would have. */
export async function queueProcessingOf(
  app: App,
  options: { publicId: string; kind: MediaAssetRow['kind']; ownerId: string },
): Promise<void> {
  await app.db.transaction((tx) => queueMediaProcessing(tx, options));
  app.jobs.wake();
}
