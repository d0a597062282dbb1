import type { TPost } from '@stagepass/contract/posts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mediaAssets } from '../../../db/schema/index.ts';
import { runScheduleNow, waitFor } from '../../../jobs/test-jobs.ts';
import { uploadForProcessing, waitUntilProcessed } from '../../../test/factories/media.ts';
import { createPerson, getAs } from '../../../test/factories/people.ts';
import { createPostAs } from '../../../test/factories/posts.ts';
import { setupTestApp } from '../../../test/test-app.ts';
import { isStreamingVariant } from '../media-access.ts';
import { queueVideosWithoutLadder } from './restream-videos.ts';
import { makeTestVideo } from './test-media.ts';

// A video post processed before videos streamed (one progressive MP4, the 'video'
// variant) gets its HLS ladder from its kept original, and plays again: through the real
// schedule, the real job in the heavy lane and ffmpeg.

const testApp = setupTestApp();

/** A public video post, as the pipeline leaves it before streaming: no hls folder, one MP4. */
async function publishPreStreamingVideo() {
  const { app } = testApp;
  const creator = await createPerson(app, { role: 'creator' });
  const publicId = await uploadForProcessing(app, {
    ownerId: creator.id,
    kind: 'video',
    data: await makeTestVideo({ seconds: 3, width: 640, height: 360 }),
    extension: 'mp4',
  });
  const created = await createPostAs(app, creator.cookie, {
    type: 'video',
    description: 'Rehearsal at the Henry Tayali centre',
    postAssets: { video: { public_id: publicId } },
  });
  expect(created.statusCode, created.body).toBe(201);
  const processed = await waitUntilProcessed(app, publicId, 120_000);
  expect(processed.status).toBe('ready');
  const postId: string = created.json().newPost.postId;
  // Published by the catalogue's subscriber, a moment after the file is ready.
  await waitFor(
    async () => {
      app.jobs.wake();
      return (await getAs(app, undefined, `/api/post/fetch-post/${postId}`)).statusCode === 200 || undefined;
    },
    { what: 'the post to be published' },
  );

  const streaming = Object.entries(processed.variants).filter(([name]) => isStreamingVariant(name));
  await app.mediaStore.delete(streaming.map(([, key]) => key));
  const progressiveKey = `${publicId}/video.mp4`;
  await app.mediaStore.put(progressiveKey, Buffer.from('an MP4 of the time'), { contentType: 'video/mp4' });
  const oldVariants = Object.fromEntries(
    Object.entries(processed.variants).filter(([name]) => !isStreamingVariant(name)),
  );
  await app.db
    .update(mediaAssets)
    .set({ variants: { ...oldVariants, video: progressiveKey }, renditions: null })
    .where(eq(mediaAssets.publicId, publicId));
  return { publicId, progressiveKey, postId };
}

const readVideoOfPost = async (postId: string) =>
  ((await getAs(testApp.app, undefined, `/api/post/fetch-post/${postId}`)).json().post as TPost).postAssets
    .video!;

describe('videos processed before videos streamed', () => {
  it('get their HLS ladder from their original, stay published meanwhile, and lose the old MP4', async () => {
    const { app } = testApp;
    const old = await publishPreStreamingVideo();
    const before = await readVideoOfPost(old.postId);
    expect(before.secure_url).toBeNull();
    expect(before.poster).not.toBeNull();

    await runScheduleNow(app, 'restream-pre-hls-videos');
    const asset = await waitFor(
      async () => {
        app.jobs.wake();
        const [row] = await app.db.select().from(mediaAssets).where(eq(mediaAssets.publicId, old.publicId));
        // The old MP4 goes right after the row is updated.
        const isOldFileGone = (await app.mediaStore.stat(old.progressiveKey)) === null;
        return row?.variants['hls/master.m3u8'] && isOldFileGone ? row : undefined;
      },
      { timeoutMs: 120_000, what: 'the old video to get its ladder and lose its MP4' },
    );
    expect(asset.status).toBe('ready');
    expect(asset.variants.video).toBeUndefined();
    expect(asset.variants.original).toBe(`${old.publicId}/original.mp4`);
    expect(asset.renditions?.map((rendition) => rendition.name).sort()).toEqual(['240p', '360p', 'audio']);

    const after = await readVideoOfPost(old.postId);
    expect(after.secure_url).toMatch(new RegExp(`^/media/folder/[^/]+/${old.publicId}/hls/master\\.m3u8$`));
    const master = await app.inject(after.secure_url!);
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXT-X-STREAM-INF');

    // Nothing left to convert: the next run queues nothing.
    expect(await queueVideosWithoutLadder(app.db)).toBe(0);
  }, 300_000);
});
