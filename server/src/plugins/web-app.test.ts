import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { setupTestApp } from '../test/test-app.ts';

// A stand-in build, so these tests do not depend on the real web build being present.
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-web-'));
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>Stagepass</title><div id="root"></div>',
);
fs.writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
fs.writeFileSync(path.join(webDist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
const bigScript = `export const words = ${JSON.stringify('stagepass '.repeat(500))};`;
fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js'), bigScript);
fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js.gz'), gzipSync(bigScript));

const testApp = setupTestApp({ env: { WEB_DIST_DIR: webDist } });
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

describe('serving the web app', () => {
  it.each([
    '/',
    '/creators/featured',
    '/some-user/settings',
    '/feed/abc/comments',
    // /@name alone is a profile page: its own tests (modules/profiles) cover it.
    '/@alice/settings?modal=messaging',
  ])('answers the deep link %s with the SPA, re-validated on every visit', async (url) => {
    const response = await testApp.app.inject({ url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await testApp.app.inject('/assets/index-abc123.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
  });

  it('serves files of a build made while the server runs', async () => {
    fs.writeFileSync(path.join(webDist, 'assets', 'rebuilt-789.js'), 'console.log("new build")');
    const response = await testApp.app.inject('/assets/rebuilt-789.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("new build")');
  });

  it('sends the precompressed copy to a browser that accepts gzip', async () => {
    const response = await testApp.app.inject({
      url: '/assets/big-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.rawPayload.length).toBeLessThan(200);
  });

  it('keeps the service worker fresh so a new build reaches users', async () => {
    const response = await testApp.app.inject('/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/assets/missing-123.js', '/favicon.ico', '/robots.txt', '/icons/none.png'])(
    'answers the missing file %s with 404 instead of the SPA',
    async (url) => {
      const response = await testApp.app.inject(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    },
  );

  it('marks every API answer as not to be stored by any cache', async () => {
    for (const url of ['/api/health', '/api/nothing-here']) {
      expect((await testApp.app.inject(url)).headers['cache-control']).toBe('no-store');
    }
  });

  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/post/create-something'],
    ['GET', '/api'],
  ] as const)('answers an unknown API path %s %s with 404 JSON', async (method, url) => {
    const response = await testApp.app.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: `No API route ${method} ${url}`,
    });
  });

  it('sends a Content-Security-Policy that allows no inline or foreign scripts', async () => {
    const response = await testApp.app.inject('/creators/featured');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('gives every answer a request id', async () => {
    const first = await testApp.app.inject('/api/health');
    const second = await testApp.app.inject('/api/health');
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});
