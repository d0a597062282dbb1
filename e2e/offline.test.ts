import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/src/config.ts';
import { createLocalMediaStore } from '../server/src/lib/media-store.ts';
import { signFolderUrl } from '../server/src/modules/media/folder-token.ts';
import { launchBrowser, openPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

// This file stops its server to take the network away, so it runs its own.
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser.close();
  await server.stop();
});

describe('the installed app', () => {
  it('serves a web app manifest with the icons a phone needs', async () => {
    const response = await fetch(`${server.baseUrl}/manifest.webmanifest`);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      short_name?: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Stagepass',
      display: 'standalone',
      start_url: '/creators/featured',
    });
    expect(manifest.short_name).toBeTruthy();
    const sizes = manifest.icons.map(
      (icon: { sizes: string; purpose?: string }) => `${icon.sizes} ${icon.purpose ?? 'any'}`,
    );
    expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
    for (const icon of manifest.icons)
      expect((await fetch(`${server.baseUrl}/${icon.src.replace(/^\//, '')}`)).status).toBe(200);
  });

  it('shows the offline page for a navigation once the network is gone', async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(`${server.baseUrl}/creators/featured`);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((resolve) =>
            navigator.serviceWorker.addEventListener('controllerchange', resolve),
          );
        }
      });
      // With the worker in control, an API answer must come from the network and never be stored.
      const [apiResponse] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith('/api/health')),
        page.evaluate(() => fetch('/api/health').then((response) => response.status)),
      ]);
      expect(apiResponse.status()).toBe(200);
      expect(apiResponse.fromServiceWorker()).toBe(false);
      // A player's byte ranges of a streamed video go to the network untouched too.
      const rendition = randomBytes(200_000);
      const store = await createLocalMediaStore(path.join(server.dataDir, 'media'));
      await store.put('OfflineTestVideo0001/hls/240p.mp4', rendition, { contentType: 'video/mp4' });
      const address = signFolderUrl({
        secret: loadConfig({ NODE_ENV: 'development', DATA_DIR: server.dataDir }).appSecret,
        folder: 'OfflineTestVideo0001/hls',
        file: '240p.mp4',
        audience: 'public',
      });
      const [segment, bytes] = await Promise.all([
        page.waitForResponse((response) => response.url().endsWith(address)),
        page.evaluate(async (url) => {
          const answer = await fetch(url, { headers: { range: 'bytes=1000-65535' } });
          return { status: answer.status, bytes: [...new Uint8Array(await answer.arrayBuffer())] };
        }, address),
      ]);
      expect(segment.fromServiceWorker()).toBe(false);
      expect(bytes.status).toBe(206);
      expect(Buffer.from(bytes.bytes).equals(rendition.subarray(1000, 65_536))).toBe(true);

      await page.goto(`${server.baseUrl}/creators/all`);
      const cachedUrls = await page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url);
        }
        return urls;
      });
      expect(cachedUrls.length).toBeGreaterThan(0);
      expect(cachedUrls.filter((url) => /^\/(api|media)\//.test(new URL(url).pathname))).toEqual([]);

      await server.stop();
      await page.goto(`${server.baseUrl}/creators/all`);
      await page.getByRole('heading', { name: "You're offline" }).waitFor();
      await page.getByRole('button', { name: 'Try again' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
