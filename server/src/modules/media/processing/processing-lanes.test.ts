import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaAssets } from '../../../db/schema/index.ts';
import { uploadForProcessing, waitUntilProcessed } from '../../../test/factories/media.ts';
import { setupTestApp } from '../../../test/test-app.ts';
import { createOwner, makeTestVideo, waitForJobOf } from './test-media.ts';

// The defaults of a two-core server: one worker for quick jobs, one for videos.
const testApp = setupTestApp({ env: { JOB_CONCURRENCY: '1', JOB_HEAVY_CONCURRENCY: '1' } });
let video: Buffer;
beforeAll(async () => {
  // Long enough that converting it takes seconds, as a creator's video takes minutes.
  video = await makeTestVideo({ seconds: 12, width: 1280, height: 720 });
}, 120_000);

describe('processing lanes', () => {
  it("processes one creator's photo while another creator's video is being converted", async () => {
    const { app } = testApp;
    const videoPublicId = await uploadForProcessing(app, {
      ownerId: await createOwner(app),
      kind: 'video',
      data: video,
      extension: 'mp4',
    });
    await waitForJobOf(app, videoPublicId, 'running');

    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const photoPublicId = await uploadForProcessing(app, {
      ownerId: await createOwner(app),
      kind: 'image',
      data: photo,
      extension: 'jpg',
    });
    expect(await waitUntilProcessed(app, photoPublicId, 30_000)).toMatchObject({ status: 'ready' });
    const [videoNow] = await app.db
      .select({ status: mediaAssets.status })
      .from(mediaAssets)
      .where(eq(mediaAssets.publicId, videoPublicId));
    // The photo did not wait for the video, which is still being converted.
    expect(videoNow).toEqual({ status: 'processing' });

    expect(await waitUntilProcessed(app, videoPublicId, 120_000)).toMatchObject({ status: 'ready' });
    // A ladder of renditions takes its time: longer than a test's default 20 s on busy cores.
  }, 150_000);
});
