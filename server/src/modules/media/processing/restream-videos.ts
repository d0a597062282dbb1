import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { mediaAssets } from '../../../db/schema/index.ts';
import { streamingVariantName } from '../media-access.ts';
import { restreamVideoJob } from '../queue-processing.ts';
import { MASTER_PLAYLIST } from './hls-playlists.ts';
import {
  convertOriginal,
  findOriginalKey,
  type MediaProcessingDependencies,
  removeOutputsOfDeletedAsset,
} from './process-media.ts';

/**
 * Videos processed before videos streamed were one progressive MP4 (the 'video' variant),
 * which the reads no longer give: such a post showed its poster and nothing to play. Their
 * originals are kept, so each is converted again, as a new upload is, into the HLS ladder,
 * its preview, thumbnails and poster; the old MP4 goes once the ladder is in. The video
 * stays 'ready' and published meanwhile.
 *
 * An hourly schedule (due at a server's first start) queues up to 20 such videos in the
 * heavy lane, each in its creator's turn. A video queued twice (a backlog longer than an
 * hour) is converted once: the job first looks whether the ladder is there.
 */
const PROGRESSIVE_VARIANT = 'video';
const RESTREAM_EVERY_MS = 60 * 60_000;
const VIDEOS_PER_RUN = 20;

export function registerVideoRestreaming(app: FastifyInstance, deps: MediaProcessingDependencies): void {
  app.jobs.handle(restreamVideoJob, {
    maxAttempts: 3,
    run: ({ publicId }, { signal, log }) => restreamVideo({ ...deps, publicId, signal, log }),
    // Left as it was: still 'ready', still without a ladder; the next run tries it again.
    onGiveUp: async ({ publicId }, error) => {
      app.log.warn({ err: error, publicId }, 'a video made before streaming could not be converted');
    },
  });
  app.jobs.every('restream-pre-hls-videos', RESTREAM_EVERY_MS, async ({ log }) => {
    const queued = await queueVideosWithoutLadder(app.db);
    if (queued > 0) log.info({ queued }, 'videos made before streaming queued for their ladder');
  });
}

/** Queues the conversion of the videos that are ready but have no ladder; how many. */
export async function queueVideosWithoutLadder(db: Db): Promise<number> {
  const videos = await db
    .select({ publicId: mediaAssets.publicId, ownerId: mediaAssets.ownerId })
    .from(mediaAssets)
    .where(
      and(
        eq(mediaAssets.kind, 'video'),
        eq(mediaAssets.status, 'ready'),
        sql`not (${mediaAssets.variants} ? ${streamingVariantName(MASTER_PLAYLIST)})`,
        sql`${mediaAssets.variants} ? 'original'`,
      ),
    )
    .orderBy(asc(mediaAssets.createdAt))
    .limit(VIDEOS_PER_RUN);
  await db.transaction(async (tx) => {
    for (const video of videos) {
      await restreamVideoJob.enqueue(
        tx,
        { publicId: video.publicId },
        { lane: 'heavy', accountId: video.ownerId },
      );
    }
  });
  return videos.length;
}

async function restreamVideo(
  options: MediaProcessingDependencies & { publicId: string; signal: AbortSignal; log: FastifyBaseLogger },
): Promise<void> {
  const { db, mediaStore, publicId } = options;
  const [asset] = await db.select().from(mediaAssets).where(eq(mediaAssets.publicId, publicId));
  if (asset?.kind !== 'video' || asset.status !== 'ready') return;
  if (asset.variants[streamingVariantName(MASTER_PLAYLIST)]) return;
  const originalKey = findOriginalKey(asset);
  if (!originalKey) return;

  const processed = await convertOriginal(options, asset, originalKey);
  const outputs = Object.fromEntries(processed.files.map((file) => [file.name, file.key]));
  const { [PROGRESSIVE_VARIANT]: progressiveKey, ...kept } = asset.variants;
  const saved = await db
    .update(mediaAssets)
    .set({
      variants: { ...kept, ...outputs },
      width: processed.width,
      height: processed.height,
      durationSeconds: processed.durationSeconds,
      renditions: processed.renditions ?? null,
    })
    .where(and(eq(mediaAssets.publicId, publicId), eq(mediaAssets.status, 'ready')))
    .returning({ publicId: mediaAssets.publicId });
  if (saved.length === 0) {
    await removeOutputsOfDeletedAsset(db, mediaStore, publicId, processed.files);
    return;
  }
  // No longer named by the row: a failure here leaves a file the unused-media sweep cannot
  // see, so it is tried now and logged if it stays.
  if (progressiveKey && !Object.values(outputs).includes(progressiveKey)) {
    await mediaStore
      .delete([progressiveKey])
      .catch((error: unknown) =>
        options.log.warn({ err: error, key: progressiveKey }, 'old video file left'),
      );
  }
  options.log.info({ publicId }, 'a video made before streaming now streams');
}
