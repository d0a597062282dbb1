import { MEDIA_MESSAGES } from '@stagepass/contract/media';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { jobs, mediaAssets, uploadReservations } from '../../db/schema/index.ts';
import { listFilesLeft, makeImage, signUpUploader, uploadPostFile } from '../../test/factories/media.ts';
import { findUserIdByEmail } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { makeMediaFile } from './test-media-files.ts';
import { countJobs, findAssetRows, findProcessingJobs } from './test-post-media.ts';

// No job runner: the queued job must stay as the upload left it.
const testApp = setupTestApp({ env: { JOB_CONCURRENCY: '0' } });

const SIGNED_URL = /^\/media\/[A-Za-z0-9_-]{20}\/original\.\w+\?exp=\d+&viewer=[^&]+&sig=[A-Za-z0-9_-]+$/;

describe('POST /api/media/upload?purpose=post', () => {
  it('stores a photo as it came, records it as processing and queues its job', async () => {
    const account = await signUpUploader(testApp.app);
    const ownerId = await findUserIdByEmail(testApp.app.db, account.email);
    const photo = await makeImage('jpeg', 800, 600);
    const response = await uploadPostFile(testApp.app, account.cookie, { data: photo, name: 'beach.jpg' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      public_id: expect.stringMatching(/^[A-Za-z0-9_-]{20}$/),
      kind: 'image',
      status: 'processing',
      secure_url: expect.stringMatching(SIGNED_URL),
      format: 'jpg',
      bytes: photo.length,
      width: 800,
      height: 600,
    });
    const key = `${body.public_id}/original.jpg`;

    const [row] = await findAssetRows(testApp.app, ownerId);
    expect(row).toMatchObject({
      publicId: body.public_id,
      kind: 'image',
      purpose: 'post',
      status: 'processing',
      failureReason: null,
      variants: { original: key },
      bytes: photo.length,
    });
    const queued = await findProcessingJobs(testApp.app, body.public_id);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ status: 'queued', payload: { publicId: body.public_id } });

    // The uploader previews the original through the signed address; nobody else can.
    const preview = await testApp.app.inject({ url: body.secure_url, headers: { cookie: account.cookie } });
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload).toEqual(photo);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect((await testApp.app.inject(`/media/${key}`)).statusCode).toBe(403);
    // Moved from the upload folder into the store: nothing is left in tmp.
    expect(listFilesLeft(testApp.config.dataDir).filter((file) => file.startsWith('tmp'))).toEqual([]);
  });

  it.each([
    ['mp4', 'video', 'clip.mp4'],
    ['mov', 'video', 'IMG_0420.MOV'],
    ['webm', 'video', 'recording.webm'],
    ['mp3', 'audio', 'song.mp3'],
    ['m4a', 'audio', 'voice.m4a'],
    ['ogg', 'audio', 'tune.ogg'],
    ['wav', 'audio', 'take1.wav'],
    ['flac', 'audio', 'master.flac'],
  ] as const)('takes a %s file as %s, stored under its own format', async (format, kind, name) => {
    const account = await signUpUploader(testApp.app);
    const data = await makeMediaFile(format);
    // The declared type is a lie on purpose: only the bytes count.
    const response = await uploadPostFile(testApp.app, account.cookie, { data, name, type: 'text/plain' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ kind, status: 'processing', format, bytes: data.length, width: null });
    const stored = await testApp.app.mediaStore.stat(`${body.public_id}/original.${format}`);
    expect(stored?.size).toBe(data.length);
    expect(await findProcessingJobs(testApp.app, body.public_id)).toHaveLength(1);
  });

  it('refuses a renamed file that is not a photo, video or audio, and keeps nothing of it', async () => {
    const account = await signUpUploader(testApp.app);
    const ownerId = await findUserIdByEmail(testApp.app.db, account.email);
    const filesBefore = listFilesLeft(testApp.config.dataDir);
    const jobsBefore = await countJobs(testApp.app);
    for (const [name, data] of [
      ['holiday.mp4', Buffer.from('This is a text file, renamed.\n'.repeat(1000))],
      ['song.mp3', Buffer.from('%PDF-1.7\n'.repeat(100))],
      ['photo.jpg', Buffer.from([0x50, 0x4b, 0x03, 0x04, ...Buffer.alloc(5000)])],
    ] as const) {
      const response = await uploadPostFile(testApp.app, account.cookie, { data, name, type: 'video/mp4' });
      expect({ name, status: response.statusCode }).toEqual({ name, status: 415 });
      expect(response.json()).toEqual({
        success: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: MEDIA_MESSAGES.unsupportedPostType,
      });
    }
    expect(listFilesLeft(testApp.config.dataDir)).toEqual(filesBefore);
    expect(await findAssetRows(testApp.app, ownerId)).toEqual([]);
    expect(await countJobs(testApp.app)).toBe(jobsBefore);
  });

  it('refuses a photo whose header cannot be read, and keeps nothing of it', async () => {
    const account = await signUpUploader(testApp.app);
    const filesBefore = listFilesLeft(testApp.config.dataDir);
    const response = await uploadPostFile(testApp.app, account.cookie, {
      data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(3000, 1)]),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MEDIA_MESSAGES.unreadable);
    expect(listFilesLeft(testApp.config.dataDir)).toEqual(filesBefore);
  });

  it('writes the asset and its job in one transaction: when the job cannot be queued, neither exists', async () => {
    const account = await signUpUploader(testApp.app);
    const ownerId = await findUserIdByEmail(testApp.app.db, account.email);
    const filesBefore = listFilesLeft(testApp.config.dataDir);
    const jobsBefore = await countJobs(testApp.app);
    const { db } = testApp.app;
    const runTransaction = db.transaction.bind(db);
    // The asset row is inserted first; then queuing the job fails inside the same transaction.
    let queuedAfterAssetInSameTransaction = false;
    const transaction = vi.spyOn(db, 'transaction').mockImplementation(((work: (tx: unknown) => unknown) =>
      runTransaction(async (tx) => {
        let insertedAsset = false;
        const failingTx = new Proxy(tx, {
          get(target, property, receiver) {
            if (property !== 'insert') return Reflect.get(target, property, receiver);
            return (table: unknown) => {
              if (table === mediaAssets) insertedAsset = true;
              if (table === jobs) {
                queuedAfterAssetInSameTransaction = insertedAsset;
                throw new Error('job queue unavailable');
              }
              return target.insert(table as typeof mediaAssets);
            };
          },
        });
        return work(failingTx);
      })) as typeof db.transaction);
    try {
      const response = await uploadPostFile(testApp.app, account.cookie, {
        data: await makeMediaFile('mp4'),
      });
      expect(response.statusCode).toBe(500);
      // Other transactions (the quota's reservation, rate counters) may come and go; what
      // matters is that the job was queued in the very transaction that wrote the asset.
      expect(queuedAfterAssetInSameTransaction).toBe(true);
    } finally {
      transaction.mockRestore();
    }
    expect(await findAssetRows(testApp.app, ownerId)).toEqual([]);
    expect(await countJobs(testApp.app)).toBe(jobsBefore);
    expect(listFilesLeft(testApp.config.dataDir)).toEqual(filesBefore);
    expect(await testApp.app.db.select().from(uploadReservations)).toEqual([]);
  });

  it('needs the file in the field "file", and a signed-in account', async () => {
    const data = await makeMediaFile('mp4');
    expect((await uploadPostFile(testApp.app, '', { data })).statusCode).toBe(401);
    const account = await signUpUploader(testApp.app);
    const empty = await uploadPostFile(testApp.app, account.cookie, { data: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MEDIA_MESSAGES.noFile);
  });

  it('still takes only images as avatars', async () => {
    const account = await signUpUploader(testApp.app);
    const video = await uploadPostFile(testApp.app, account.cookie, { data: await makeMediaFile('mp4') });
    expect(video.statusCode).toBe(201);
    const asAvatar = await testApp.app.inject({
      method: 'POST',
      url: '/api/media/upload?purpose=avatar',
      headers: { cookie: account.cookie },
      payload: (() => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(Buffer.from('ftypisom'))]), 'a.mp4');
        return form;
      })(),
    });
    expect(asAvatar.statusCode).toBe(415);
    expect(asAvatar.json().message).toBe(MEDIA_MESSAGES.unsupportedType);
  });
});

describe('GET /api/media/:publicId/status', () => {
  async function uploadVideo() {
    const account = await signUpUploader(testApp.app);
    const body = (
      await uploadPostFile(testApp.app, account.cookie, { data: await makeMediaFile('mp4') })
    ).json();
    return { account, publicId: body.public_id as string };
  }

  const readStatus = (cookie: string, publicId: string) =>
    testApp.app.inject({ url: `/api/media/${publicId}/status`, headers: { cookie } });

  it('tells the owner the asset is processing, then ready with its variants', async () => {
    const { account, publicId } = await uploadVideo();
    const processing = await readStatus(account.cookie, publicId);
    expect(processing.statusCode).toBe(200);
    expect(processing.json()).toEqual({
      publicId,
      kind: 'video',
      status: 'processing',
      failureReason: null,
      variants: { original: expect.stringMatching(SIGNED_URL) },
      width: null,
      height: null,
      durationSeconds: null,
    });

    // What the processing job does when it finishes.
    const posterKey = `${publicId}/poster.webp`;
    await testApp.app.mediaStore.put(posterKey, await makeImage('webp'), { contentType: 'image/webp' });
    await testApp.app.db
      .update(mediaAssets)
      .set({
        status: 'ready',
        variants: { original: `${publicId}/original.mp4`, poster: posterKey },
        width: 160,
        height: 120,
        durationSeconds: 1,
      })
      .where(eq(mediaAssets.publicId, publicId));
    const ready = (await readStatus(account.cookie, publicId)).json();
    expect(ready).toMatchObject({ status: 'ready', width: 160, height: 120, durationSeconds: 1 });
    expect(Object.keys(ready.variants).sort()).toEqual(['original', 'poster']);
    const poster = await testApp.app.inject({
      url: ready.variants.poster,
      headers: { cookie: account.cookie },
    });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');
  });

  it('gives the reason when processing failed', async () => {
    const { account, publicId } = await uploadVideo();
    await testApp.app.db
      .update(mediaAssets)
      .set({ status: 'failed', failureReason: 'This video could not be read.' })
      .where(eq(mediaAssets.publicId, publicId));
    expect((await readStatus(account.cookie, publicId)).json()).toMatchObject({
      status: 'failed',
      failureReason: 'This video could not be read.',
    });
  });

  it("answers 404 for somebody else's asset, as for an unknown one, and 401 when signed out", async () => {
    const { publicId } = await uploadVideo();
    const stranger = await signUpUploader(testApp.app);
    for (const id of [publicId, 'A'.repeat(20), 'not-an-id']) {
      const response = await readStatus(stranger.cookie, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MEDIA_MESSAGES.notFound);
    }
    expect((await readStatus('', publicId)).statusCode).toBe(401);
  });
});
