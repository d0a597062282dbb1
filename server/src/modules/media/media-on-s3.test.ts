import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createId } from '../../lib/ids.ts';
import { makeImage, signUpUploader, uploadFile, uploadPostFile } from '../../test/factories/media.ts';
import { startTestS3Server } from '../../test/s3-server.ts';
import { setupTestApp } from '../../test/test-app.ts';
import { signFolderUrl, streamingFolderOf } from './folder-token.ts';
import { PUBLIC_ID_LENGTH } from './media.service.ts';
import { makeMediaFile } from './test-media-files.ts';
import { deleteOrphanMediaFolders } from './unused-media-sweep.ts';

// The whole app on an S3-compatible bucket, as production runs with S3_* set.
const s3 = await startTestS3Server();
afterAll(() => s3.stop());
const testApp = setupTestApp({ env: { ...s3.env, JOB_CONCURRENCY: '0' } });

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ url, headers });
const uploadsLeft = () => fs.readdirSync(path.join(testApp.config.dataDir, 'tmp', 'uploads'));

describe('media on S3', () => {
  it('reports the bucket in /api/health', async () => {
    const response = await get('/api/health');
    expect(response.json()).toMatchObject({ ok: true, store: { kind: 's3', ok: true } });
  });

  it('keeps uploads in the bucket, not on local disk', async () => {
    const account = await signUpUploader(testApp.app);
    const avatar = (await uploadFile(testApp.app, account.cookie, { data: await makeImage('png') })).json();
    expect(s3.listKeys()).toEqual(
      expect.arrayContaining([`${avatar.public_id}/avatar256.webp`, `${avatar.public_id}/avatar64.webp`]),
    );
    expect(fs.existsSync(path.join(testApp.config.dataDir, 'media'))).toBe(false);
    expect(uploadsLeft()).toEqual([]);
  });

  it('serves ranges, validators, 304 and 416 from the bucket', async () => {
    const account = await signUpUploader(testApp.app);
    const avatar = (await uploadFile(testApp.app, account.cookie, { data: await makeImage('png') })).json();
    const whole = await get(avatar.secure_url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'image/webp',
      'content-length': String(avatar.bytes),
      'cache-control': 'public, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
    });
    const size = whole.rawPayload.length;

    const part = await get(avatar.secure_url, { range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(10, 20));
    const tail = await get(avatar.secure_url, { range: 'bytes=-5' });
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(-5));
    expect((await get(avatar.secure_url, { range: `bytes=${size}-` })).statusCode).toBe(416);
    expect((await get(avatar.secure_url, { 'if-none-match': whole.headers.etag as string })).statusCode).toBe(
      304,
    );
    const head = await testApp.app.inject({ method: 'HEAD', url: avatar.secure_url });
    expect(head.headers['content-length']).toBe(String(size));
    expect(head.rawPayload.length).toBe(0);
    expect((await get(`/media/${avatar.public_id}/avatar512.webp`)).statusCode).toBe(404);
  });

  it('stores a post video in the bucket and plays it through its signed address with a 206', async () => {
    const account = await signUpUploader(testApp.app);
    const video = await makeMediaFile('mp4', 5);
    const body = (await uploadPostFile(testApp.app, account.cookie, { data: video })).json();
    expect(s3.listKeys()).toContain(`${body.public_id}/original.mp4`);
    const part = await get(body.secure_url, { cookie: account.cookie, range: 'bytes=0-1023' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-1023/${video.length}`);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.rawPayload).toEqual(video.subarray(0, 1024));
    expect((await get(body.secure_url)).statusCode).toBe(403);
  });

  it("plays a streamed video's folder from the bucket through its folder token: ranges, HEAD, 304 and 403", async () => {
    const folder = streamingFolderOf(createId(PUBLIC_ID_LENGTH));
    const rendition = randomBytes(50_000);
    await testApp.app.mediaStore.put(`${folder}/240p.mp4`, rendition, { contentType: 'video/mp4' });
    const address = signFolderUrl({
      secret: testApp.config.appSecret,
      folder,
      file: '240p.mp4',
      audience: 'public',
    });
    const part = await get(address, { range: 'bytes=100-1099' });
    expect(part.statusCode).toBe(206);
    expect(part.headers).toMatchObject({
      'content-range': `bytes 100-1099/${rendition.length}`,
      'content-type': 'video/mp4',
      'cache-control': expect.stringMatching(/^public, max-age=\d+$/),
    });
    expect(part.rawPayload).toEqual(rendition.subarray(100, 1100));
    const head = await testApp.app.inject({ method: 'HEAD', url: address });
    expect(head.headers['content-length']).toBe(String(rendition.length));
    expect(head.rawPayload.length).toBe(0);
    expect((await get(address, { 'if-none-match': part.headers.etag as string })).statusCode).toBe(304);
    const forged = address.replace(
      /\/media\/folder\/(\d+)\./,
      (_all, exp) => `/media/folder/${Number(exp) + 1}.`,
    );
    expect((await get(forged)).statusCode).toBe(403);
  });

  it('puts nothing in the bucket for a refused upload', async () => {
    const account = await signUpUploader(testApp.app);
    const before = s3.listKeys();
    const response = await uploadPostFile(testApp.app, account.cookie, {
      data: Buffer.from('not a video at all'.repeat(500)),
      name: 'clip.mp4',
    });
    expect(response.statusCode).toBe(415);
    expect(s3.listKeys()).toEqual(before);
    expect(uploadsLeft()).toEqual([]);
  });

  it('deletes every file of an asset from the bucket', async () => {
    const account = await signUpUploader(testApp.app);
    const body = (
      await uploadPostFile(testApp.app, account.cookie, { data: await makeMediaFile('webm') })
    ).json();
    // A variant the job was writing when the creator deleted the asset.
    await testApp.app.mediaStore.put(`${body.public_id}/poster.webp`, await makeImage('webp'), {
      contentType: 'image/webp',
    });
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/media/${body.public_id}`,
      headers: { cookie: account.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(s3.listKeys().filter((key) => key.startsWith(`${body.public_id}/`))).toEqual([]);
  });

  it('sweeps folders of the bucket that no asset names, once older than the grace period', async () => {
    const { app } = testApp;
    const account = await signUpUploader(app);
    const kept = (await uploadFile(app, account.cookie, { data: await makeImage('png') })).json();
    const orphan = 'OrphanOfAKilledUpload';
    await app.mediaStore.put(`${orphan}/original.mp4`, Buffer.from('left by a crash'), {
      contentType: 'video/mp4',
    });
    const sweep = (now: Date) =>
      deleteOrphanMediaFolders({
        db: app.db,
        mediaStore: app.mediaStore,
        log: app.log,
        graceMs: 3_600_000,
        now,
      });

    // Written a moment ago: maybe an upload whose row is being written.
    expect(await sweep(new Date())).toEqual([]);
    expect(s3.listKeys()).toContain(`${orphan}/original.mp4`);
    // Two hours on, it goes; the asset's files stay.
    expect(await sweep(new Date(Date.now() + 2 * 3_600_000))).toEqual([orphan]);
    expect(s3.listKeys().filter((key) => key.startsWith(`${orphan}/`))).toEqual([]);
    expect(s3.listKeys()).toContain(`${kept.public_id}/avatar256.webp`);
  });
});
