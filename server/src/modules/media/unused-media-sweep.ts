import { and, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mediaAssets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { MediaStore } from '../../lib/media-store.ts';
import { deleteMediaAsset } from './media.service.ts';
import { isMediaAssetUsed } from './upload-admission.ts';

/**
 * Uploads nobody used: a post's photo or video whose post was never published, an avatar
 * chosen and then not saved. The studio deletes what a creator replaces or removes, but a
 * closed tab leaves its upload behind; after a day unused, the sweep deletes it with its
 * files. A day is far longer than anyone keeps a form open.
 */
export const UNUSED_MEDIA_GRACE_MS = 24 * 3_600_000;
const SWEEP_BATCH = 200;

export async function deleteUnusedMedia(options: {
  db: Db;
  mediaStore: MediaStore;
  log: Pick<FastifyBaseLogger, 'warn'>;
  now?: Date;
}): Promise<number> {
  const { db } = options;
  const cutoff = new Date((options.now ?? new Date()).getTime() - UNUSED_MEDIA_GRACE_MS);
  const unused = await db
    .select({ publicId: mediaAssets.publicId, ownerId: mediaAssets.ownerId })
    .from(mediaAssets)
    .where(and(lt(mediaAssets.createdAt, cutoff), sql`not ${isMediaAssetUsed}`))
    .limit(SWEEP_BATCH);
  let deleted = 0;
  for (const asset of unused) {
    try {
      await deleteMediaAsset({ db, mediaStore: options.mediaStore, ...asset });
      deleted += 1;
    } catch (error) {
      // Another server's sweep got there first: nothing to do.
      if (error instanceof AppError && error.statusCode === 404) continue;
      // Left for the next sweep (a bucket that did not answer, say).
      options.log.warn({ err: error, publicId: asset.publicId }, 'unused upload not deleted');
    }
  }
  return deleted;
}

/**
 * Folders of the media store that no asset row names: the files of an upload whose server
 * was killed between storing them and recording the asset, or of a delete cut short. The
 * sweep works from rows, so nothing else would ever remove them. A folder goes once its
 * newest file is older than `graceMs`, so an upload being stored right now (files a
 * moment before its row) is left alone. Returns the folders removed.
 */
export async function deleteOrphanMediaFolders(options: {
  db: Db;
  mediaStore: MediaStore;
  log: Pick<FastifyBaseLogger, 'warn'>;
  graceMs: number;
  now?: Date;
}): Promise<string[]> {
  const { db, mediaStore } = options;
  const cutoff = (options.now ?? new Date()).getTime() - options.graceMs;
  const removed: string[] = [];
  for await (const folders of mediaStore.listFolders()) {
    const known = await db
      .select({ publicId: mediaAssets.publicId })
      .from(mediaAssets)
      .where(inArray(mediaAssets.publicId, folders));
    const knownIds = new Set(known.map((row) => row.publicId));
    for (const folder of folders.filter((name) => !knownIds.has(name))) {
      try {
        const newest = await mediaStore.findNewestFile(folder);
        if (newest && newest.getTime() >= cutoff) continue;
        await mediaStore.deletePrefix(folder);
        removed.push(folder);
      } catch (error) {
        options.log.warn({ err: error, folder }, 'orphan media folder not deleted');
      }
    }
  }
  return removed;
}

/**
 * Sweeps now and then every `intervalMs` until the returned stop is called. Servers sharing
 * a database may sweep at once: deleting an asset twice is harmless (the second finds none).
 */
export function startUnusedMediaSweeps(options: {
  db: Db;
  mediaStore: MediaStore;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  intervalMs: number;
  orphanGraceMs: number;
}): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = running.then(async () => {
      try {
        const deleted = await deleteUnusedMedia(options);
        if (deleted) options.log.info({ deleted }, 'unused uploads deleted');
        const orphans = await deleteOrphanMediaFolders({ ...options, graceMs: options.orphanGraceMs });
        if (orphans.length > 0) options.log.info({ orphans }, 'media folders without an asset deleted');
      } catch (error) {
        options.log.warn({ err: error }, 'sweep of unused uploads failed');
      }
    });
  };
  sweep();
  const timer = setInterval(sweep, options.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
