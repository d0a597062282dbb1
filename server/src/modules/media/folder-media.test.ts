import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createId } from '../../lib/ids.ts';
import { createPerson } from '../../test/factories/people.ts';
import { setupTestApp } from '../../test/test-app.ts';
import {
  FOLDER_TOKEN_MAX_LIFETIME_MS,
  FOLDER_TOKEN_PREFIX,
  signFolderUrl,
  streamingFolderOf,
} from './folder-token.ts';
import { PUBLIC_ID_LENGTH } from './media.service.ts';

// The statements each observed request sends its database, told apart from the server's
// own background work (heartbeats) by the request's async context.
const statementsOfRequest = new AsyncLocalStorage<string[]>();
// What the server logs at info and above, as JSON lines.
const logLines: string[] = [];
const testApp = setupTestApp({
  env: { JOB_CONCURRENCY: '0', LOG_LEVEL: 'info' },
  onStatement: (statement) => statementsOfRequest.getStore()?.push(statement),
  logStream: { write: (line) => void logLines.push(line) },
});

afterEach(() => {
  vi.restoreAllMocks();
});

const MASTER_PLAYLIST =
  '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=426x240\n240p.m3u8\n';
const HOUR_MS = 3_600_000;

/**
 * A streamed video's folder as processing leaves it, written straight into the store: its
 * master playlist, one single-file rendition (random bytes, so a wrong range shows), and
 * the asset's original beside the folder, which no folder token may open.
 */
async function storeStreamedVideo() {
  const publicId = createId(PUBLIC_ID_LENGTH);
  const folder = streamingFolderOf(publicId);
  const rendition = randomBytes(300_000);
  const { mediaStore } = testApp.app;
  await mediaStore.put(`${folder}/master.m3u8`, Buffer.from(MASTER_PLAYLIST), {
    contentType: 'application/vnd.apple.mpegurl',
  });
  await mediaStore.put(`${folder}/240p.mp4`, rendition, { contentType: 'video/mp4' });
  await mediaStore.put(`${publicId}/original.mp4`, randomBytes(1000), { contentType: 'video/mp4' });
  return { publicId, folder, rendition };
}

type SignOptions = { audience?: string; expiresAt?: Date; secret?: string };

/** The address of a file of `folder`, signed as the server would (public by default). */
function addressOf(folder: string, file: string, options: SignOptions = {}): string {
  return signFolderUrl({
    secret: options.secret ?? testApp.config.appSecret,
    folder,
    file,
    audience: options.audience ?? 'public',
    expiresAt: options.expiresAt,
  });
}

/** The token of an address, and the address with another token in its place. */
function tokenOf(address: string): string {
  return address.slice(FOLDER_TOKEN_PREFIX.length + 1).split('/')[0]!;
}
function withToken(address: string, token: string): string {
  return address.replace(tokenOf(address), token);
}

/**
 * One request, and the statements it sent the database. (inject's callback form: its
 * promise form runs the request outside the caller's async context.)
 */
async function observe(url: string, options: Omit<InjectOptions, 'url'> = {}) {
  const statements: string[] = [];
  const response = await new Promise<LightMyRequestResponse>((resolve, reject) => {
    statementsOfRequest.run(statements, () =>
      testApp.app.inject({ ...options, url }, (error, answer) => (error ? reject(error) : resolve(answer!))),
    );
  });
  return { response, statements };
}

const get = async (url: string, headers: Record<string, string> = {}) =>
  (await observe(url, { headers })).response;

describe('GET /media/folder/<token>/<publicId>/hls/<file>', () => {
  it('serves the playlists of the folder its token opens, as HLS, with validators', async () => {
    const { folder } = await storeStreamedVideo();
    const response = await get(addressOf(folder, 'master.m3u8'));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(MASTER_PLAYLIST);
    expect(response.headers).toMatchObject({
      'content-type': 'application/vnd.apple.mpegurl',
      'content-length': String(Buffer.byteLength(MASTER_PLAYLIST)),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    expect(response.headers['last-modified']).toBeTruthy();
  });

  it("serves a rendition's byte ranges as a player reads them: 206, HEAD, 304, If-Range and 416", async () => {
    const { folder, rendition } = await storeStreamedVideo();
    const address = addressOf(folder, '240p.mp4');
    const size = rendition.length;

    const segment = await get(address, { range: 'bytes=1000-150999' });
    expect(segment.statusCode).toBe(206);
    expect(segment.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-range': `bytes 1000-150999/${size}`,
      'content-length': '150000',
    });
    expect(segment.rawPayload.equals(rendition.subarray(1000, 151_000))).toBe(true);

    const toTheEnd = await get(address, { range: `bytes=${size - 100}-` });
    expect(toTheEnd.statusCode).toBe(206);
    expect(toTheEnd.rawPayload.equals(rendition.subarray(size - 100))).toBe(true);
    const lastBytes = await get(address, { range: 'bytes=-16' });
    expect(lastBytes.headers['content-range']).toBe(`bytes ${size - 16}-${size - 1}/${size}`);
    expect(lastBytes.rawPayload.equals(rendition.subarray(-16))).toBe(true);

    const whole = await get(address);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(rendition)).toBe(true);
    const { etag } = whole.headers as { etag: string };

    const head = await testApp.app.inject({ method: 'HEAD', url: address });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(size));
    expect(head.headers['content-type']).toBe('video/mp4');
    expect(head.rawPayload.length).toBe(0);
    const headOfRange = await testApp.app.inject({
      method: 'HEAD',
      url: address,
      headers: { range: 'bytes=0-99' },
    });
    expect(headOfRange.statusCode).toBe(206);
    expect(headOfRange.headers['content-length']).toBe('100');
    expect(headOfRange.rawPayload.length).toBe(0);

    const unchanged = await get(address, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload.length).toBe(0);
    expect((await get(address, { 'if-none-match': '"another"' })).statusCode).toBe(200);

    // A range of this version is served; one asked of another version gets the whole file.
    expect((await get(address, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    const stale = await get(address, { range: 'bytes=0-9', 'if-range': '"older"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(size);

    const beyond = await get(address, { range: `bytes=${size}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('answers every request by the token alone: no statement to the database, not even for a signed-in fan', async () => {
    const { publicId, folder } = await storeStreamedVideo();
    const fan = await createPerson(testApp.app, { role: 'fan' });
    const headers = { cookie: fan.cookie };
    const viewerAddress = addressOf(folder, '240p.mp4', { audience: fan.id });
    const { etag } = (await get(viewerAddress)).headers as { etag: string };
    const requests: [string, Omit<InjectOptions, 'url'>][] = [
      [addressOf(folder, 'master.m3u8'), { headers }],
      [viewerAddress, { headers: { ...headers, range: 'bytes=0-65535' } }],
      [viewerAddress, { method: 'HEAD', headers }],
      [viewerAddress, { headers: { ...headers, 'if-none-match': etag } }],
      [viewerAddress, { headers: { ...headers, range: 'bytes=999999999-' } }],
      [addressOf(folder, 'missing.mp4'), { headers }],
      [withToken(viewerAddress, 'forged.public.signature'), { headers }],
    ];
    for (const [url, options] of requests) {
      const { response, statements } = await observe(url, options);
      expect([200, 206, 304, 403, 404, 416]).toContain(response.statusCode);
      expect({ url, method: options.method ?? 'GET', statements }).toEqual({
        url,
        method: options.method ?? 'GET',
        statements: [],
      });
    }
    // The same observation sees what the /media route of a single file asks (its asset's
    // row): were the folder route to ask anything, it would be seen.
    const single = await observe(`/media/${publicId}/original.mp4`, { headers });
    expect(single.response.statusCode).toBe(404);
    expect(single.statements.length).toBeGreaterThan(0);
  });

  it('lets a public folder be kept by any cache, and a viewer’s only by their browser, until the token expires', async () => {
    const { folder } = await storeStreamedVideo();
    const expiresAt = new Date(Date.now() + 2 * HOUR_MS);
    const secondsLeft = (2 * HOUR_MS) / 1000;
    const cacheOf = async (audience: string, file: string, headers: Record<string, string> = {}) => {
      const response = await get(addressOf(folder, file, { audience, expiresAt }), headers);
      expect(response.statusCode).toBeLessThan(300);
      return parseCacheControl(response.headers['cache-control']);
    };
    for (const file of ['master.m3u8', '240p.mp4']) {
      const shared = await cacheOf('public', file, { range: 'bytes=0-9' });
      expect(shared.directive).toBe('public');
      expect(shared.maxAge).toBeLessThanOrEqual(secondsLeft);
      expect(shared.maxAge).toBeGreaterThan(secondsLeft - 60);
      const own = await cacheOf('viewer1', file);
      expect(own.directive).toBe('private');
      expect(own.maxAge).toBeLessThanOrEqual(secondsLeft);
      expect(own.maxAge).toBeGreaterThan(secondsLeft - 60);
    }
    // However far away a token's expiry, no cache keeps a file longer than a token issued
    // now may live.
    const farAway = await get(
      addressOf(folder, 'master.m3u8', { expiresAt: new Date(Date.now() + 30 * 24 * HOUR_MS) }),
    );
    expect(parseCacheControl(farAway.headers['cache-control']).maxAge).toBe(
      FOLDER_TOKEN_MAX_LIFETIME_MS / 1000,
    );
  });

  it('refuses tampered, expired and foreign tokens alike, with 403 and nothing kept', async () => {
    const { folder } = await storeStreamedVideo();
    const other = await storeStreamedVideo();
    const address = addressOf(folder, '240p.mp4', { audience: 'viewer1' });
    const [exp, audience, sig] = tokenOf(address).split('.') as [string, string, string];
    const changedSig = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const refused = {
      'a later expiry': withToken(address, `${Number(exp) + 3600}.${audience}.${sig}`),
      'another audience': withToken(address, `${exp}.public.${sig}`),
      'another viewer': withToken(address, `${exp}.viewer2.${sig}`),
      'a changed signature': withToken(address, `${exp}.${audience}.${changedSig}`),
      'no signature': withToken(address, `${exp}.${audience}`),
      'a part too many': withToken(address, `${exp}.${audience}.${sig}.x`),
      'not a token': withToken(address, 'hello'),
      expired: addressOf(folder, '240p.mp4', { expiresAt: new Date(Date.now() - 1000) }),
      'long expired': addressOf(folder, '240p.mp4', { expiresAt: new Date(Date.UTC(2020, 0, 1)) }),
      "another folder's token": withToken(address, tokenOf(addressOf(other.folder, '240p.mp4'))),
      'signed under another secret': addressOf(folder, '240p.mp4', { secret: 'another-secret-'.repeat(3) }),
    };
    for (const [what, url] of Object.entries(refused)) {
      const response = await get(url, { range: 'bytes=0-99' });
      expect({ what, status: response.statusCode, body: response.body }).toEqual({
        what,
        status: 403,
        body: 'Forbidden',
      });
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers.etag).toBeUndefined();
    }
    // The untouched address still works.
    expect((await get(address, { range: 'bytes=0-99' })).statusCode).toBe(206);
  });

  it('answers 404 for a file its folder does not have', async () => {
    const { folder } = await storeStreamedVideo();
    for (const file of ['720p.mp4', '240p.m3u8']) {
      const response = await get(addressOf(folder, file));
      expect({ file, status: response.statusCode }).toEqual({ file, status: 404 });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses paths out of the folder, climbing or escaped, without asking the store', async () => {
    const { publicId, folder } = await storeStreamedVideo();
    const other = await storeStreamedVideo();
    const { mediaStore } = testApp.app;
    // Files that would be reached if the path were followed.
    await mediaStore.put(`${folder}/deeper/240p.mp4`, randomBytes(100), { contentType: 'video/mp4' });
    const token = tokenOf(addressOf(folder, 'master.m3u8'));
    const under = (rest: string) => `${FOLDER_TOKEN_PREFIX}/${token}/${rest}`;
    const stat = vi.spyOn(mediaStore, 'stat');
    const open = vi.spyOn(mediaStore, 'open');
    const refused = [
      // Outside the folder, or deeper in it.
      under(`${publicId}/original.mp4`),
      under(`${folder}/deeper/240p.mp4`),
      under(`${other.folder}/240p.mp4`),
      under(`${publicId}/hls`),
      under(publicId),
      // Climbing.
      under(`${folder}/../original.mp4`),
      under(`${folder}/..`),
      under(`${folder}/%2e%2e/original.mp4`),
      under(`${folder}/..%2foriginal.mp4`),
      under(`${folder}/..%2F..%2F${other.folder}%2F240p.mp4`),
      under(`${folder}/..\\original.mp4`),
      under(`${folder}/.incoming`),
      // Encoded separators, even spelling the signed folder itself.
      under(`${publicId}%2Fhls%2Fmaster.m3u8`),
      under(`${publicId}/hls%2fmaster.m3u8`),
      under(`${publicId}/hls/master%2Em3u8`),
      under(''),
      `${FOLDER_TOKEN_PREFIX}/${token}`,
    ];
    for (const url of refused) {
      const response = await get(url);
      expect({ url, refused: [403, 404].includes(response.statusCode) }).toEqual({ url, refused: true });
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
    }
    expect(stat).not.toHaveBeenCalled();
    expect(open).not.toHaveBeenCalled();
    // The same token still opens its own folder.
    expect((await get(under(`${folder}/master.m3u8`))).statusCode).toBe(200);
  });

  it('gives HLS files their types', async () => {
    const { folder } = await storeStreamedVideo();
    const files = {
      'audio.m3u8': 'application/vnd.apple.mpegurl',
      'segment1.m4s': 'video/iso.segment',
      'thumbnails.vtt': 'text/vtt',
      'thumbnails.jpg': 'image/jpeg',
      'audio.mp4': 'video/mp4',
    };
    for (const [file, type] of Object.entries(files)) {
      await testApp.app.mediaStore.put(`${folder}/${file}`, Buffer.from('x'), { contentType: type });
      const response = await get(addressOf(folder, file));
      expect({ file, type: response.headers['content-type'] }).toEqual({
        file,
        type: expect.stringMatching(new RegExp(`^${type.replace('.', '\\.')}`)),
      });
    }
  });
});

describe('/media/folder/ before routing', () => {
  it('answers on a real connection with the headers every answer of the app carries, and HEAD with the length only', async () => {
    const { folder, rendition } = await storeStreamedVideo();
    const base = await listen();
    const address = addressOf(folder, '240p.mp4');
    // What a Fastify route answers with: the same security headers are expected on each folder answer.
    const health = await fetch(`${base}/api/health`);
    const securityHeaders = Object.fromEntries(
      [...health.headers].filter(([name]) =>
        /^(content-security-policy|cross-origin-|x-content-type|x-frame|referrer-policy|origin-agent|x-dns|x-download|x-permitted|x-xss|strict-transport)/.test(
          name,
        ),
      ),
    );
    expect(securityHeaders['content-security-policy']).toContain("default-src 'self'");
    const answers = [
      await fetch(`${base}${address}`, { headers: { range: 'bytes=0-99' } }),
      await fetch(`${base}${address}`, { method: 'HEAD' }),
      await fetch(`${base}${withToken(address, 'forged.public.signature')}`),
      await fetch(`${base}${addressOf(folder, 'missing.mp4')}`),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([206, 200, 403, 404]);
    const requestIds = new Set<string>();
    for (const answer of answers) {
      expect(Object.fromEntries(answer.headers)).toMatchObject(securityHeaders);
      const requestId = answer.headers.get('x-request-id') ?? '';
      expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      requestIds.add(requestId);
    }
    expect(requestIds.size).toBe(answers.length);
    expect(Buffer.from(await answers[0]!.arrayBuffer()).equals(rendition.subarray(0, 100))).toBe(true);
    const head = answers[1]!;
    expect(head.headers.get('content-length')).toBe(String(rendition.length));
    expect(head.headers.get('content-type')).toBe('video/mp4');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    expect(await answers[2]!.text()).toBe('Forbidden');
  });

  it('leaves other methods to Fastify, which answers them as it answers any address it does not have', async () => {
    const { folder } = await storeStreamedVideo();
    const address = addressOf(folder, 'master.m3u8');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
      const answer = await testApp.app.inject({ method, url: address });
      const elsewhere = await testApp.app.inject({ method, url: '/media/no-such-route/here' });
      expect({ method, status: answer.statusCode, body: answer.body }).toEqual({
        method,
        status: elsewhere.statusCode,
        body: elsewhere.body,
      });
      expect(answer.statusCode).toBe(404);
    }
  });

  it('logs no line for the answers a player asks for, and a failure at error with the id the answer names', async () => {
    const { folder } = await storeStreamedVideo();
    const address = addressOf(folder, '240p.mp4');
    logLines.length = 0;
    await get(address, { range: 'bytes=0-99' });
    await get(withToken(address, 'forged.public.signature'));
    await get(addressOf(folder, 'missing.mp4'));
    expect(logLines).toEqual([]);

    vi.spyOn(testApp.app.mediaStore, 'openFile').mockRejectedValueOnce(new Error('the disk went away'));
    const failed = await get(address, { range: 'bytes=0-99' });
    expect(failed.statusCode).toBe(500);
    expect(failed.json()).toEqual({
      success: false,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
    expect(failed.headers['x-content-type-options']).toBe('nosniff');
    const logged = logLines.map((line) => JSON.parse(line));
    expect(logged).toEqual([
      expect.objectContaining({
        level: 50,
        reqId: failed.headers['x-request-id'],
        msg: 'request failed',
        err: expect.objectContaining({ message: 'the disk went away' }),
      }),
    ]);
  });

  it('cuts an answer whose file fails midway, and logs it at warn', async () => {
    const { folder } = await storeStreamedVideo();
    const { mediaStore } = testApp.app;
    const openFile = mediaStore.openFile.bind(mediaStore);
    vi.spyOn(mediaStore, 'openFile').mockImplementationOnce(async (key) => {
      const file = (await openFile(key))!;
      return {
        ...file,
        read: async () =>
          Readable.from(
            (async function* () {
              yield Buffer.alloc(1000, 1);
              throw new Error('read error midway');
            })(),
          ),
      };
    });
    logLines.length = 0;
    const base = await listen();
    const answer = await fetch(`${base}${addressOf(folder, '240p.mp4')}`);
    expect(answer.status).toBe(200);
    await expect(answer.arrayBuffer()).rejects.toThrow();
    await vi.waitFor(() => expect(logLines.length).toBe(1));
    expect(JSON.parse(logLines[0]!)).toMatchObject({
      level: 40,
      reqId: answer.headers.get('x-request-id'),
      err: { message: 'read error midway' },
    });
  });

  it('lets the file go when the client goes away midway', async () => {
    const { folder } = await storeStreamedVideo();
    const { mediaStore } = testApp.app;
    const openFile = mediaStore.openFile.bind(mediaStore);
    // A read that never ends, as of a disk slower than the client's patience.
    const endless = new Readable({ read() {} });
    endless.push(Buffer.alloc(1000, 1));
    vi.spyOn(mediaStore, 'openFile').mockImplementationOnce(async (key) => {
      const file = (await openFile(key))!;
      file.close();
      return { ...file, read: async () => endless };
    });
    const base = await listen();
    const client = new AbortController();
    const answer = await fetch(`${base}${addressOf(folder, '240p.mp4')}`, { signal: client.signal });
    expect(answer.status).toBe(200);
    client.abort();
    await vi.waitFor(() => expect(endless.destroyed).toBe(true));
  });
});

/** The test app on a real port (once for the file), for what `inject` cannot show: a real connection. */
async function listen(): Promise<string> {
  if (!testApp.app.server.listening) await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the test app does not listen');
  return `http://127.0.0.1:${address.port}`;
}

function parseCacheControl(header: unknown): { directive: string; maxAge: number } {
  const match = /^(public|private), max-age=(\d+)$/.exec(String(header));
  if (!match) throw new Error(`unexpected cache-control: ${String(header)}`);
  return { directive: match[1]!, maxAge: Number(match[2]) };
}
