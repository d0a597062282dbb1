import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listFilesLeft, makeImage, signUpUploader, uploadFile } from '../test/factories/media.ts';
import { setupTestApp } from '../test/test-app.ts';
import {
  type ClientRequestOptions,
  createMultipartBody,
  createOneConnectionClient,
  type Exchange,
  type OneConnectionClient,
} from './unread-request-body.test-support.ts';
import { DRAIN_BOUNDS } from './unread-request-body.ts';

// Small file limits, so a refused file is a megabyte and not twenty.
const KiB = 1024;
const MiB = 1024 * KiB;
const testApp = setupTestApp({
  env: {
    JOB_CONCURRENCY: '0',
    MEDIA_MAX_IMAGE_BYTES: String(64 * KiB),
    MEDIA_MAX_AUDIO_BYTES: String(128 * KiB),
    MEDIA_MAX_VIDEO_BYTES: String(256 * KiB),
  },
});

// Without the fix the next request waits for the keep-alive timeout (72 s); with it, at once.
const PROMPTLY_MS = 3_000;
const SAME_SITE = { origin: 'http://localhost:3000' };

let baseUrl = '';
let cookie = '';
let client: OneConnectionClient;

beforeAll(async () => {
  const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = address;
  cookie = (await signUpUploader(testApp.app)).cookie;
});

afterEach(() => client?.close());

function textFile(bytes: number): Buffer {
  return Buffer.alloc(bytes, 'not a picture, only words. ');
}

async function paddedPng(bytes: number): Promise<Buffer> {
  const png = await makeImage('png');
  return Buffer.concat([png, Buffer.alloc(bytes - png.length, 0x55)]);
}

function upload(
  file: { field?: string; name: string; type: string; data: Buffer },
  options: { purpose?: 'avatar' | 'post'; headers?: Record<string, string> } = {},
): ClientRequestOptions {
  const { body, contentType } = createMultipartBody(file);
  return {
    method: 'POST',
    path: `/api/media/upload?purpose=${options.purpose ?? 'avatar'}`,
    headers: { ...SAME_SITE, cookie, 'content-type': contentType, ...options.headers },
    body,
  };
}

function json(path: string, body: Buffer, headers: Record<string, string> = {}): ClientRequestOptions {
  return {
    method: 'POST',
    path,
    headers: { ...SAME_SITE, 'content-type': 'application/json', ...headers },
    body,
  };
}

/**
 * Sends `refused` on a fresh one-connection client (after a first request that opens the
 * connection, so the refused one is on a reused connection as in a browser), then a health
 * check: it must answer promptly, on the same connection, or on a new one after the
 * server closed the old one.
 */
async function refuseThenAskAgain(
  refused: ClientRequestOptions,
): Promise<{ refusal: Exchange; next: Exchange }> {
  client = createOneConnectionClient(baseUrl);
  expect((await client.send({ path: '/api/health' })).status).toBe(200);
  const refusal = await client.send(refused);
  const next = await client.send({ path: '/api/health', timeoutMs: PROMPTLY_MS });
  expect(next.status).toBe(200);
  expect(next.elapsedMs).toBeLessThan(PROMPTLY_MS);
  if (refusal.headers.connection === 'close') {
    expect(next.wasOnReusedConnection).toBe(false);
    await refusal.connectionClosed;
  } else {
    expect(next.wasOnReusedConnection).toBe(true);
  }
  return { refusal, next };
}

function expectError(refusal: Exchange, status: number, code?: string): void {
  expect(refusal.status).toBe(status);
  expect(refusal.json).toEqual({
    success: false,
    message: expect.any(String),
    code: code ?? expect.any(String),
  });
}

describe('a request refused before its body is read leaves a usable connection', () => {
  it.each([
    [
      'an avatar that is a renamed text file (415)',
      () => upload({ name: 'x.png', type: 'image/png', data: textFile(2 * MiB) }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'an avatar over the image limit (413)',
      async () => upload({ name: 'big.png', type: 'image/png', data: await paddedPng(MiB) }),
      413,
      'FILE_TOO_LARGE',
    ],
    [
      "a post's media file that is a renamed text file (415)",
      () => upload({ name: 'x.mp4', type: 'video/mp4', data: textFile(MiB) }, { purpose: 'post' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      "a post's photo over the image limit (413)",
      async () =>
        upload({ name: 'big.png', type: 'image/png', data: await paddedPng(MiB) }, { purpose: 'post' }),
      413,
      'FILE_TOO_LARGE',
    ],
    [
      'an upload whose file is in another field (400)',
      async () => upload({ field: 'photo', name: 'a.png', type: 'image/png', data: await paddedPng(MiB) }),
      400,
      'NO_FILE',
    ],
  ] as const)('%s, and leaves no file behind', async (_name, makeRequest, status, code) => {
    const filesBefore = listFilesLeft(testApp.config.dataDir);
    const { refusal } = await refuseThenAskAgain(await makeRequest());
    expectError(refusal, status, code);
    expect(listFilesLeft(testApp.config.dataDir)).toEqual(filesBefore);
  });

  it.each([
    [
      'an upload without a session (401)',
      async () =>
        upload({ name: 'a.png', type: 'image/png', data: await paddedPng(MiB) }, { headers: { cookie: '' } }),
      401,
    ],
    [
      'an upload from another site (403)',
      async () =>
        upload(
          { name: 'a.png', type: 'image/png', data: await paddedPng(MiB) },
          { headers: { origin: 'https://elsewhere.example' } },
        ),
      403,
    ],
    [
      'a multipart body without its boundary (400)',
      () =>
        upload(
          { name: 'a.png', type: 'image/png', data: textFile(MiB) },
          { headers: { 'content-type': 'multipart/form-data; boundary=never-seen' } },
        ),
      400,
    ],
    [
      'a multipart body whose type names no boundary (400)',
      () =>
        upload(
          { name: 'a.png', type: 'image/png', data: textFile(MiB) },
          { headers: { 'content-type': 'multipart/form-data' } },
        ),
      400,
    ],
    [
      'a multipart body cut short in its file (400)',
      async () => {
        const request = upload({ name: 'a.png', type: 'image/png', data: await paddedPng(32 * KiB) });
        return { ...request, body: request.body?.subarray(0, -40) };
      },
      400,
    ],
    ['a JSON body over the size limit (413)', () => json('/api/auth/signin', textFile(2 * MiB)), 413],
    [
      'a body of a type the route does not read (415)',
      () => json('/api/auth/signin', textFile(MiB), { 'content-type': 'application/xml' }),
      415,
    ],
    ['a body sent to a malformed URL (400)', () => json('/api/%zz', textFile(MiB)), 400],
    [
      'a body sent to no route (404)',
      () => json('/api/no-such-route', textFile(MiB), { 'content-type': 'application/octet-stream' }),
      404,
    ],
  ] as const)('%s', async (_name, makeRequest, status) => {
    const { refusal } = await refuseThenAskAgain(await makeRequest());
    expectError(refusal, status);
  });

  it('a JSON body over the size limit sent without a length (413)', async () => {
    const { refusal } = await refuseThenAskAgain({
      ...json('/api/auth/signin', textFile(2 * MiB)),
      headers: { ...SAME_SITE, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    expectError(refusal, 413);
  });

  it('an upload over the rate limit (429)', async () => {
    const account = await signUpUploader(testApp.app);
    for (let attempt = 0; attempt < 20; attempt++) {
      await uploadFile(testApp.app, account.cookie, { data: Buffer.alloc(0) });
    }
    const { refusal } = await refuseThenAskAgain(
      upload(
        { name: 'a.png', type: 'image/png', data: await paddedPng(MiB) },
        { headers: { cookie: account.cookie } },
      ),
    );
    expectError(refusal, 429, 'RATE_LIMITED');
  });
});

describe('a refused body longer than the server reads', () => {
  // Declared far past the bound, and more than the bound is sent: the rest is not read (the
  // bounds themselves are tested in unread-request-body.unit.test.ts).
  const LONG = { 'content-length': String(1024 * MiB) };
  const longUpload = (headers: Record<string, string> = {}) => {
    const request = upload({ name: 'x.png', type: 'image/png', data: textFile(2 * DRAIN_BOUNDS.maxBytes) });
    return { ...request, headers: { ...request.headers, ...LONG, ...headers } };
  };

  it.each([
    ['a renamed text file as an avatar', () => longUpload(), 415],
    ['an upload without a session', () => longUpload({ cookie: '' }), 401],
    [
      'a body sent to a malformed URL',
      () => json('/api/%zz', textFile(2 * DRAIN_BOUNDS.maxBytes), LONG),
      400,
    ],
  ] as const)(
    '%s is answered with Connection: close, and its connection ended',
    async (_name, makeRequest, status) => {
      const filesBefore = listFilesLeft(testApp.config.dataDir);
      client = createOneConnectionClient(baseUrl);
      const refusal = await client.send(makeRequest());
      expectError(refusal, status);
      expect(refusal.headers.connection).toBe('close');

      const closedAt = await Promise.race([
        refusal.connectionClosed.then(() => 'closed'),
        new Promise((resolve) => setTimeout(() => resolve('still open'), PROMPTLY_MS)),
      ]);
      expect(closedAt).toBe('closed');
      const next = await client.send({ path: '/api/health', timeoutMs: PROMPTLY_MS });
      expect(next.status).toBe(200);
      expect(next.wasOnReusedConnection).toBe(false);
      expect(listFilesLeft(testApp.config.dataDir)).toEqual(filesBefore);
    },
  );
});
