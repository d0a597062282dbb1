import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { JobLane, MediaAssetRow } from '../../db/schema/index.ts';
import { defineJob } from '../../jobs/define-job.ts';

/**
 * Makes the variants of an uploaded post image, video or audio file (media_assets.public_id).
 * Handled by processing/process-media.ts, registered by processing/register-media-processing.ts.
 */
export const processMediaJob = defineJob('process-media', z.object({ publicId: z.string() }));
export type ProcessMediaPayload = z.infer<typeof processMediaJob.schema>;

/**
 * Gives a video processed before videos streamed (one progressive MP4, its 'video'
 * variant) its HLS ladder from the kept original. Handled and queued by
 * processing/restream-videos.ts.
 */
export const restreamVideoJob = defineJob('restream-video', z.object({ publicId: z.string() }));

/**
 * Queues the processing of an upload, inside the transaction that records its asset. A
 * photo takes seconds and goes to the fast lane; a video or audio file can take minutes of
 * ffmpeg and goes to the heavy lane, so a photo never waits behind one. In each lane the
 * uploader's account takes its turn with the others (claimNextJob).
 */
export async function queueMediaProcessing(
  tx: Pick<Db, 'insert'>,
  asset: Pick<MediaAssetRow, 'publicId' | 'kind' | 'ownerId'>,
): Promise<number> {
  const lane: JobLane = asset.kind === 'image' ? 'fast' : 'heavy';
  return processMediaJob.enqueue(tx, { publicId: asset.publicId }, { lane, accountId: asset.ownerId });
}
