import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { type MediaAssetRow, mediaAssets } from '../../../db/schema/index.ts';
import { emit } from '../../../events/domain-events.ts';
import type { JobHandler } from '../../../jobs/job-runner.ts';
import { ownedName, type ServerInstance } from '../../../jobs/server-instances.ts';
import type { MediaStore } from '../../../lib/media-store.ts';
import type { ProcessMediaPayload } from '../queue-processing.ts';
import type { MediaTools } from './media-tools.ts';
import { processAudio } from './process-audio.ts';
import { processPostImage } from './process-post-image.ts';
import { processVideo } from './process-video.ts';
import type { ProcessedFile, ProcessedMedia, ProcessorInput } from './processed-media.ts';
import { describeFailure, MediaRejectedError, PROCESSING_FAILURES } from './processing-failures.ts';
import { withWorkDir } from './work-dir.ts';

export type MediaProcessingDependencies = {
  db: Db;
  mediaStore: MediaStore;
  /** Found once, when first needed. */
  tools: () => Promise<MediaTools>;
  /** Where runs make their work folders (on the data disk: a video's original can be 2 GB). */
  workRoot: string;
  /** This server process: its id starts the work folders' names. */
  instance: ServerInstance;
};

const PROCESSORS: Record<MediaAssetRow['kind'], (input: ProcessorInput) => Promise<ProcessedMedia>> = {
  image: processPostImage,
  video: processVideo,
  audio: processAudio,
};

/**
 * The 'process-media' job: turns an uploaded original (media_assets row in 'processing')
 * into its variants and sets the row 'ready', or 'failed' with a reason the creator can
 * act on. A file that cannot be read fails at once; anything else (the store, the
 * database, a killed ffmpeg) is tried again, three times in all.
 */
export function createProcessMediaHandler(
  deps: MediaProcessingDependencies,
): JobHandler<ProcessMediaPayload> {
  return {
    maxAttempts: 3,
    run: ({ publicId }, { signal, log }) => processMediaAsset({ ...deps, publicId, signal, log }),
    onGiveUp: ({ publicId }, error) => markAssetFailed(deps.db, publicId, error),
  };
}

/**
 * Idempotent: every output has a fixed key that a re-run (after a crash) overwrites, and
 * an asset no longer 'processing' (finished, failed or deleted) is left alone.
 */
export async function processMediaAsset(
  options: MediaProcessingDependencies & { publicId: string; signal: AbortSignal; log: FastifyBaseLogger },
): Promise<void> {
  const { db, mediaStore, publicId } = options;
  const [asset] = await db.select().from(mediaAssets).where(eq(mediaAssets.publicId, publicId)).limit(1);
  // Finished, failed or deleted meanwhile: nothing to do.
  if (asset?.status !== 'processing') return;
  const originalKey = findOriginalKey(asset);
  if (!originalKey) throw new MediaRejectedError(PROCESSING_FAILURES.originalMissing, 'no original variant');

  const startedAt = Date.now();
  const progress = createProgressRecorder(db, publicId, options.log);
  const processed = await convertOriginal(options, asset, originalKey, progress.report).finally(
    progress.settle,
  );
  const outputs = Object.fromEntries(processed.files.map((file) => [file.name, file.key]));
  const saved = await db.transaction(async (tx) => {
    const rows = await tx
      .update(mediaAssets)
      .set({
        status: 'ready',
        failureReason: null,
        variants: { ...asset.variants, ...outputs },
        width: processed.width,
        height: processed.height,
        durationSeconds: processed.durationSeconds,
        processingProgress: 100,
        renditions: processed.renditions ?? null,
      })
      .where(and(eq(mediaAssets.publicId, publicId), eq(mediaAssets.status, 'processing')))
      .returning({ publicId: mediaAssets.publicId });
    // The item waiting for this file is published by its subscriber (items.service.ts).
    if (rows.length > 0) await emit(tx, 'media.ready', { publicId, kind: asset.kind });
    return rows;
  });
  if (saved.length === 0) await removeOutputsOfDeletedAsset(db, mediaStore, publicId, processed.files);
  options.log.info({ publicId, kind: asset.kind, ms: Date.now() - startedAt }, 'media processed');
}

/**
 * Runs the asset's processor on its original, copied into a work folder of this server's
 * (removed after), and stores what it made under the outputs' fixed keys.
 */
export async function convertOriginal(
  options: MediaProcessingDependencies & { signal: AbortSignal },
  asset: MediaAssetRow,
  originalKey: string,
  onProgress?: (percent: number) => void,
): Promise<ProcessedMedia> {
  const { mediaStore, signal } = options;
  return withWorkDir(options.workRoot, ownedName(options.instance, asset.publicId), async (workDir) => {
    const originalFile = path.join(workDir, 'original');
    const original = await mediaStore.open(originalKey);
    if (!original) throw new MediaRejectedError(PROCESSING_FAILURES.originalMissing, originalKey);
    await pipeline(original, createWriteStream(originalFile), { signal });
    const processed = await PROCESSORS[asset.kind]({
      publicId: asset.publicId,
      originalFile,
      workDir,
      tools: options.tools,
      signal,
      onProgress,
    });
    await storeFiles(mediaStore, processed.files);
    return processed;
  });
}

/** How often, at most, the progress shown to the author is written. */
const PROGRESS_WRITE_INTERVAL_MS = 2_000;

/**
 * Records media_assets.processing_progress as the processor reports it, at most every two
 * seconds and only when it moved: one small UPDATE, never two at once, never waited for by
 * the conversion. A failed write is only logged (the next one will do). `settle` waits for
 * the last write, so none lands after the row is 'ready' (the WHERE would skip it anyway).
 */
function createProgressRecorder(
  db: Db,
  publicId: string,
  log: FastifyBaseLogger,
): { report: (percent: number) => void; settle: () => Promise<void> } {
  let lastWrittenAt = 0;
  let lastWritten = 0;
  let writing: Promise<void> | null = null;
  return {
    report: (percent) => {
      const now = Date.now();
      if (writing || percent <= lastWritten || now - lastWrittenAt < PROGRESS_WRITE_INTERVAL_MS) return;
      lastWrittenAt = now;
      lastWritten = percent;
      writing = db
        .update(mediaAssets)
        .set({ processingProgress: Math.min(99, Math.max(0, Math.round(percent))) })
        .where(and(eq(mediaAssets.publicId, publicId), eq(mediaAssets.status, 'processing')))
        .then(
          () => {},
          (error: unknown) => log.warn({ err: error, publicId }, 'processing progress not recorded'),
        )
        .finally(() => {
          writing = null;
        });
    },
    settle: async () => {
      await writing;
    },
  };
}

/** The upload stores the original as '<publicId>/original.<ext>', named 'original' in variants. */
export function findOriginalKey(asset: Pick<MediaAssetRow, 'publicId' | 'variants'>): string | undefined {
  return (
    asset.variants.original ??
    Object.values(asset.variants).find((key) => key.startsWith(`${asset.publicId}/original.`))
  );
}

/** All or nothing: a failure part-way removes what was written, then lets the job retry. */
async function storeFiles(mediaStore: MediaStore, files: readonly ProcessedFile[]): Promise<void> {
  const written: string[] = [];
  try {
    for (const file of files) {
      const options = { contentType: file.contentType };
      // A file is streamed (or, on the same disk, moved): a 2 GB rendition never sits in memory.
      if (Buffer.isBuffer(file.body)) await mediaStore.put(file.key, file.body, options);
      else await mediaStore.putFile(file.key, file.body.path, options);
      written.push(file.key);
    }
  } catch (error) {
    await mediaStore.delete(written).catch(() => {});
    throw error;
  }
}

/** Deleted while it was processed: its delete could not know these files, so they go now. */
export async function removeOutputsOfDeletedAsset(
  db: Db,
  mediaStore: MediaStore,
  publicId: string,
  files: readonly ProcessedFile[],
): Promise<void> {
  const [row] = await db
    .select({ status: mediaAssets.status })
    .from(mediaAssets)
    .where(eq(mediaAssets.publicId, publicId));
  if (!row) await mediaStore.delete(files.map((file) => file.key));
}

export async function markAssetFailed(db: Db, publicId: string, error: unknown): Promise<void> {
  const [asset] = await db
    .select({ kind: mediaAssets.kind })
    .from(mediaAssets)
    .where(eq(mediaAssets.publicId, publicId));
  if (!asset) return;
  await db
    .update(mediaAssets)
    .set({ status: 'failed', failureReason: describeFailure(asset.kind, error) })
    .where(and(eq(mediaAssets.publicId, publicId), eq(mediaAssets.status, 'processing')));
}
