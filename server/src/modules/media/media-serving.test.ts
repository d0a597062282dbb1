import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeImage, signUpUploader, uploadFile } from '../../test/factories/media.ts';
import { setupTestApp } from '../../test/test-app.ts';

const testApp = setupTestApp();

async function uploadAvatar() {
  const account = await signUpUploader(testApp.app);
  const response = await uploadFile(testApp.app, account.cookie, { data: await makeImage('png') });
  expect(response.statusCode).toBe(201);
  return response.json() as { public_id: string; secure_url: string; bytes: number };
}

const get = (url: string, headers: Record<string, string> = {}) => testApp.app.inject({ url, headers });

describe('GET /media/*', () => {
  it('serves a stored file with its type, a validator and a year-long immutable cache', async () => {
    const asset = await uploadAvatar();
    const response = await get(asset.secure_url);
    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-length': String(asset.bytes),
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    expect(response.rawPayload.length).toBe(asset.bytes);
    // The page's CSP lets <img> load these from our own origin.
    expect(response.headers['content-security-policy']).toContain("img-src 'self'");
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const asset = await uploadAvatar();
    const { etag } = (await get(asset.secure_url)).headers;
    const again = await get(asset.secure_url, { 'if-none-match': `"other", ${etag}` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get(asset.secure_url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('serves byte ranges (206), and 416 for a range past the end', async () => {
    const asset = await uploadAvatar();
    const whole = (await get(asset.secure_url)).rawPayload;

    const first = await get(asset.secure_url, { range: 'bytes=0-9' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-9/${whole.length}`);
    expect(first.headers['content-length']).toBe('10');
    expect(first.rawPayload).toEqual(whole.subarray(0, 10));

    const rest = await get(asset.secure_url, { range: 'bytes=100-' });
    expect(rest.statusCode).toBe(206);
    expect(rest.rawPayload).toEqual(whole.subarray(100));

    const tail = await get(asset.secure_url, { range: 'bytes=-16' });
    expect(tail.headers['content-range']).toBe(
      `bytes ${whole.length - 16}-${whole.length - 1}/${whole.length}`,
    );
    expect(tail.rawPayload).toEqual(whole.subarray(-16));

    const beyond = await get(asset.secure_url, { range: `bytes=${whole.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${whole.length}`);

    // A range for an older version (If-Range with another tag) gets the whole new file.
    const stale = await get(asset.secure_url, { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(whole.length);
  });

  it('answers HEAD with the headers and no body', async () => {
    const asset = await uploadAvatar();
    const response = await testApp.app.inject({ method: 'HEAD', url: asset.secure_url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-length']).toBe(String(asset.bytes));
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.rawPayload.length).toBe(0);
  });

  it('answers 404 (never the web app) for missing files, folders and the store root', async () => {
    const asset = await uploadAvatar();
    for (const url of [
      `/media/${asset.public_id}/avatar512.webp`,
      `/media/${asset.public_id}`,
      `/media/${asset.public_id}/`,
      '/media/',
      '/media/nothing-here.webp',
    ]) {
      const response = await get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('refuses paths that climb out of the store or reach its hidden folder', async () => {
    const asset = await uploadAvatar();
    // Files a climbing path would reach if it were followed.
    const { dataDir } = testApp.config;
    fs.writeFileSync(path.join(dataDir, 'secret.webp'), 'outside the store');
    fs.writeFileSync(path.join(dataDir, 'media', '.incoming', 'half.webp'), 'half written');
    for (const url of [
      '/media/..%2fsecret.webp',
      '/media/%2e%2e/secret.webp',
      `/media/${asset.public_id}/..%2f..%2fsecret.webp`,
      '/media/.incoming/half.webp',
      '/media/%2eincoming/half.webp',
      '/media/..%2f..%2fpackage.json',
      '/media/..%2F..%2F..%2Fetc%2Fpasswd',
      '/media/%2e%2e/%2e%2e/package.json',
      `/media/${asset.public_id}%2f..%2f..%2fdb`,
      `/media/${asset.public_id}/..%2f${asset.public_id}/avatar256.webp`,
      '/media/..\\..\\package.json',
      '/media/%2fetc%2fpasswd',
      '/media/.incoming',
    ]) {
      const response = await get(url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 404 });
    }
  });
});
