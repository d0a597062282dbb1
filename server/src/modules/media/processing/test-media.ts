import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { App } from '../../../app.ts';
import { type JobRow, jobs, type MediaAssetRow, mediaAssets, users } from '../../../db/schema/index.ts';
import { waitFor } from '../../../jobs/test-jobs.ts';
import { createId } from '../../../lib/ids.ts';
import { signUpAccount } from '../../../test/factories/people.ts';
import { queueMediaProcessing } from '../queue-processing.ts';
import { findMediaTools } from './media-tools.ts';
import { runTool } from './run-tool.ts';

/**
 * A video made by ffmpeg's test source (moving colour bars and a counter) with a 440 Hz
 * tone, as the bytes of an MP4 file.
 */
export async function makeTestVideo(options: {
  seconds: number;
  width: number;
  height: number;
  fps?: number;
}): Promise<Buffer> {
  const { ffmpeg } = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-test-video-'));
  try {
    const file = path.join(dir, 'source.mp4');
    const { seconds, width, height, fps = 25 } = options;
    await runTool(
      ffmpeg,
      [
        ...['-nostdin', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${width}x${height}:rate=${fps}`],
        ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
        file,
      ],
      { timeoutMs: 120_000 },
    );
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The id of a fresh account, signed up as a person would. */
export async function createOwner(app: App): Promise<string> {
  const account = await signUpAccount(app);
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  return user!.id;
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

/** A stored file's bytes. */
export async function readStored(app: App, key: string): Promise<Buffer> {
  const stream = await app.mediaStore.open(key);
  if (!stream) throw new Error(`no stored file ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The job of an upload once it has `status` (a ready asset's job is marked done a moment later). */
export async function waitForJobOf(app: App, publicId: string, status: JobRow['status']): Promise<JobRow> {
  return waitFor(
    async () => {
      const [job] = await app.db.select().from(jobs).where(eq(jobs.payload, { publicId }));
      return job?.status === status ? job : undefined;
    },
    { what: `the job of ${publicId} to be ${status}` },
  );
}
