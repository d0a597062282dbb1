import { AUTH_MESSAGES } from '@stagepass/contract/auth';
import { MEDIA_MESSAGES } from '@stagepass/contract/media';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { mediaAssets, serverInstances, uploadReservations } from '../../db/schema/index.ts';
import { waitFor } from '../../jobs/test-jobs.ts';
import {
  listFilesLeft,
  makeImage,
  signUpUploader,
  uploadFile,
  uploadPostFile,
} from '../../test/factories/media.ts';
import { createPostAs } from '../../test/factories/posts.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { makeMediaFile } from './test-media-files.ts';
import { findAssetRows, startStreamedUpload } from './test-post-media.ts';

// Small sizes, so the tests send kilobytes: videos up to 1 MiB, 400 KiB of unused uploads.
const KiB = 1024;
const QUOTA = 400 * KiB;
const testApp = setupTestApp({
  env: {
    JOB_CONCURRENCY: '0',
    MEDIA_MAX_VIDEO_BYTES: String(1024 * KiB),
    MEDIA_UNATTACHED_QUOTA_BYTES: String(QUOTA),
  },
});

let baseUrl = '';
beforeAll(async () => {
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});

/** A real MP4's start followed by padding, `bytes` long. */
async function videoOf(bytes: number): Promise<Buffer> {
  const start = await makeMediaFile('mp4');
  return Buffer.concat([start, Buffer.alloc(Math.max(0, bytes - start.length), 0x55)]);
}

async function listReservations() {
  return testApp.app.db.select().from(uploadReservations);
}

describe('who may upload', () => {
  it.each([
    ['an account whose email is not verified', 403, 403, { isVerified: false, role: null }],
    ['a creator whose email is not verified', 403, 403, { isVerified: false, role: 'creator' }],
    ['a verified account that has not chosen its type', 201, 403, { role: null }],
    ['a verified fan', 201, 403, { role: 'fan' }],
    ['a verified creator', 201, 201, { role: 'creator' }],
  ] as const)('%s: avatar %i, post media %i', async (_who, avatarStatus, postStatus, options) => {
    const account = await signUpUploader(testApp.app, options);
    const avatar = await uploadFile(testApp.app, account.cookie, { data: await makeImage('png') });
    expect(avatar.statusCode).toBe(avatarStatus);
    const post = await uploadPostFile(testApp.app, account.cookie, { data: await makeImage('png') });
    expect(post.statusCode).toBe(postStatus);
    if (postStatus === 403) {
      expect(post.json()).toEqual(
        'isVerified' in options
          ? { success: false, code: 'EMAIL_NOT_VERIFIED', message: MEDIA_MESSAGES.verifyEmailFirst }
          : { success: false, code: 'FORBIDDEN', message: AUTH_MESSAGES.creatorsOnly },
      );
    }
    const kept = await findAssetRows(testApp.app, account.id);
    expect(kept).toHaveLength([avatarStatus, postStatus].filter((status) => status === 201).length);
  });

  it("refuses a fan's 2 GB video before reading it, and keeps nothing", async () => {
    const fan = await signUpUploader(testApp.app, { role: 'fan' });
    const filesBefore = listFilesLeft(testApp.config.dataDir);
    const upload = startStreamedUpload(baseUrl, { cookie: fan.cookie, declaredFileBytes: 2 * 1024 ** 3 });
    await upload.write(await videoOf(64 * KiB));
    // Answered while almost all of the declared body is still to come.
    const answer = await upload.answer;
    upload.abort();
    expect(answer.status).toBe(403);
    expect(answer.json.message).toBe(AUTH_MESSAGES.creatorsOnly);
    expect(answer.headers.connection).toBe('close');
    expect(listFilesLeft(testApp.config.dataDir)).toEqual(filesBefore);
  });
});

describe('the quota of unused uploads', () => {
  it('refuses an upload that would pass it, and counts only uploads nothing uses', async () => {
    const creator = await signUpUploader(testApp.app);
    const first = await uploadPostFile(testApp.app, creator.cookie, { data: await videoOf(250 * KiB) });
    expect(first.statusCode).toBe(201);

    const filesBefore = listFilesLeft(testApp.config.dataDir);
    const refused = await uploadPostFile(testApp.app, creator.cookie, { data: await videoOf(250 * KiB) });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({ success: false, code: 'UPLOAD_QUOTA_EXCEEDED' });
    expect(refused.json().message).toMatch(
      /^You have 0\.\d MB of uploads not yet used .* pass 0\.4 MB, the limit\./,
    );
    expect(listFilesLeft(testApp.config.dataDir)).toEqual(filesBefore);
    expect(await findAssetRows(testApp.app, creator.id)).toHaveLength(1);

    // Another account has its own quota.
    const other = await signUpUploader(testApp.app);
    expect(
      (await uploadPostFile(testApp.app, other.cookie, { data: await videoOf(250 * KiB) })).statusCode,
    ).toBe(201);

    // Published, the first video no longer counts: there is room again.
    const post = await createPostAs(testApp.app, creator.cookie, {
      type: 'video',
      description: 'Live at the Lusaka Playhouse',
      postAssets: { video: { public_id: first.json().public_id } },
    });
    expect(post.statusCode).toBe(201);
    expect(
      (await uploadPostFile(testApp.app, creator.cookie, { data: await videoOf(250 * KiB) })).statusCode,
    ).toBe(201);
    expect(await listReservations()).toEqual([]);
  });

  it('refuses before reading a body whose declared length passes it, naming what the account holds', async () => {
    const creator = await signUpUploader(testApp.app);
    expect(
      (await uploadPostFile(testApp.app, creator.cookie, { data: await videoOf(100 * KiB) })).statusCode,
    ).toBe(201);
    const upload = startStreamedUpload(baseUrl, { cookie: creator.cookie, declaredFileBytes: 900 * KiB });
    await upload.write(await videoOf(32 * KiB));
    const answer = await upload.answer;
    upload.abort();
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({
      success: false,
      code: 'UPLOAD_QUOTA_EXCEEDED',
      message: MEDIA_MESSAGES.quotaReached(100 * KiB, QUOTA),
    });
    expect(answer.json.message).toBe(
      'You have 0.1 MB of uploads not yet used in a post or as a profile photo; with this file they would ' +
        'pass 0.4 MB, the limit. Publish or delete some before uploading more.',
    );
  });

  it('cuts off an upload sent without a length once it passes the quota', async () => {
    const creator = await signUpUploader(testApp.app);
    const filesBefore = listFilesLeft(testApp.config.dataDir);
    const upload = startStreamedUpload(baseUrl, { cookie: creator.cookie });
    const video = await videoOf(900 * KiB);
    // Sent in pieces, never ended: the answer must come once the bytes pass 400 KiB.
    for (let offset = 0; offset < 600 * KiB; offset += 50 * KiB) {
      await upload.write(video.subarray(offset, offset + 50 * KiB));
    }
    const answer = await upload.answer;
    upload.abort();
    expect(answer.status).toBe(413);
    expect(answer.json).toMatchObject({ code: 'UPLOAD_QUOTA_EXCEEDED' });
    expect(listFilesLeft(testApp.config.dataDir)).toEqual(filesBefore);
    expect(await findAssetRows(testApp.app, creator.id)).toEqual([]);
    await waitFor(async () => ((await listReservations()).length === 0 ? true : undefined));

    // Below the quota, an upload without a length goes through.
    const small = startStreamedUpload(baseUrl, { cookie: creator.cookie });
    await small.write(await videoOf(300 * KiB));
    small.end();
    expect((await small.answer).status).toBe(201);
  });

  it('counts an upload in progress, so two at once cannot pass it together', async () => {
    const creator = await signUpUploader(testApp.app);
    const first = startStreamedUpload(baseUrl, { cookie: creator.cookie, declaredFileBytes: 300 * KiB });
    const firstVideo = await videoOf(300 * KiB);
    await first.write(firstVideo.subarray(0, 100 * KiB));
    await waitFor(async () => ((await listReservations()).length === 1 ? true : undefined));

    const second = await uploadPostFile(testApp.app, creator.cookie, { data: await videoOf(200 * KiB) });
    expect(second.statusCode).toBe(413);

    await first.write(firstVideo.subarray(100 * KiB));
    first.end();
    expect((await first.answer).status).toBe(201);
    expect(await listReservations()).toEqual([]);
  });

  it('counts what another live server is receiving for the account, not what a dead one was', async () => {
    const creator = await signUpUploader(testApp.app);
    const { db } = testApp.app;
    await db.insert(serverInstances).values({ id: 'other-server', host: null, pid: 1 });
    await db
      .insert(uploadReservations)
      .values({ ownerId: creator.id, instanceId: 'other-server', bytes: 300 * KiB });
    const video = await videoOf(200 * KiB);
    expect((await uploadPostFile(testApp.app, creator.cookie, { data: video })).statusCode).toBe(413);

    // Its heartbeat stopped long ago: whatever it was receiving will never be stored.
    await db
      .update(serverInstances)
      .set({ heartbeatAt: sql`now() - interval '10 minutes'` })
      .where(eq(serverInstances.id, 'other-server'));
    expect((await uploadPostFile(testApp.app, creator.cookie, { data: video })).statusCode).toBe(201);
    await db.delete(serverInstances).where(eq(serverInstances.id, 'other-server'));
    expect(await listReservations()).toEqual([]);
    expect(await db.select().from(mediaAssets).where(eq(mediaAssets.ownerId, creator.id))).toHaveLength(1);
  });
});
