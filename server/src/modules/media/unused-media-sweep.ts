import { and, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
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
    .where(and(lt(mediaAssets.createdAt, cutoff), sql`not ${isMediaAssetUsed()}`))
    .limit(SWEEP_BATCH);
  let deleted = 0;
  for (const asset of unused) {
    try {
      await deleteMediaAsset({ db, mediaStore: options.mediaStore, ...asset });
      deleted += 1;
    } catch (error) {
      // Deleted meanwhile (by its owner): nothing to do.
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

/** How often the sweep runs, across all the servers. */
export const UNUSED_MEDIA_SWEEP_INTERVAL_MS = 3_600_000;

/**
 * One round of the sweep: unused uploads, store folders no asset names, then what writes
 * cut off by a crash left in the store (its temporary files, unfinished multipart
 * uploads) once quiet for the same grace. The server's other scratch files (uploads being
 * received, processing work folders) carry the id of the server making them and go when
 * it is dead (dead-server-leftovers.ts).
 */
export async function sweepUnusedMedia(options: {
  db: Db;
  mediaStore: MediaStore;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  orphanGraceMs: number;
  now?: Date;
}): Promise<void> {
  const deleted = await deleteUnusedMedia(options);
  if (deleted) options.log.info({ deleted }, 'unused uploads deleted');
  const orphans = await deleteOrphanMediaFolders({ ...options, graceMs: options.orphanGraceMs });
  if (orphans.length > 0) options.log.info({ orphans }, 'media folders without an asset deleted');
  const quietSince = new Date((options.now ?? new Date()).getTime() - options.orphanGraceMs);
  try {
    const abandoned = await options.mediaStore.deleteAbandonedWrites(quietSince);
    if (abandoned > 0) options.log.info({ abandoned }, 'media writes cut off by a crash removed');
  } catch (error) {
    // Left for the next round (a bucket that did not answer, or lacks ListMultipartUploads:
    // then the bucket's lifecycle rule the README asks for aborts them).
    options.log.warn({ err: error }, 'media writes cut off by a crash not removed');
  }
}

/** The hourly sweep, once an hour across all the servers (a schedule of the job engine). */
export function registerUnusedMediaSweep(app: FastifyInstance): void {
  app.jobs.every('sweep-unused-media', UNUSED_MEDIA_SWEEP_INTERVAL_MS, ({ log }) =>
    sweepUnusedMedia({
      db: app.db,
      mediaStore: app.mediaStore,
      log,
      orphanGraceMs: app.config.mediaOrphanGraceMs,
    }),
  );
}
