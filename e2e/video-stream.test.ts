import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMediaTools } from '../server/src/modules/media/processing/media-tools.ts';
import { processVideo } from '../server/src/modules/media/processing/process-video.ts';
import { makeTestVideo } from '../server/src/modules/media/processing/test-media.ts';
import { launchBrowser, openPage } from './support/browser.ts';

// The ladder the processor makes, played in Chromium by hls.js's light build, the one the
// web app loads where the browser has no HLS of its own: every video rung with its sound,
// the switch between rungs, and the audio-only rendition alone. The files are served as a
// CDN serves them: whole for the playlists, by byte ranges for the renditions.

const HLS_LIGHT = path.resolve(import.meta.dirname, '../node_modules/hls.js/dist/hls.light.min.js');
let browser: Browser;
let workDir: string;
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-e2e-stream-'));
  const original = path.join(workDir, 'original');
  fs.writeFileSync(original, await makeTestVideo({ seconds: 10, width: 640, height: 360, fps: 10 }));
  const tools = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  await processVideo({
    publicId: 'AbCdEfGhIjKlMnOpQrSt',
    originalFile: original,
    workDir,
    tools: async () => tools,
    signal: new AbortController().signal,
  });
  server = serveFolder(path.join(workDir, 'hls'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** A page with hls.js's light build, the folder's files, and single byte ranges. */
function serveFolder(dir: string): http.Server {
  return http.createServer((request, response) => {
    const name = path.basename(new URL(request.url ?? '/', 'http://x').pathname);
    if (name === '') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><title>Stream</title><script src="/hls.light.min.js"></script>');
      return;
    }
    const file = name === 'hls.light.min.js' ? HLS_LIGHT : path.join(dir, name);
    if (!fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const type = file.endsWith('.js')
      ? 'text/javascript'
      : file.endsWith('.m3u8')
        ? 'application/vnd.apple.mpegurl'
        : 'video/mp4';
    const { size } = fs.statSync(file);
    const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
    if (!range) {
      response.writeHead(200, { 'content-type': type, 'content-length': size });
      fs.createReadStream(file).pipe(response);
      return;
    }
    const start = Number(range[1]);
    const end = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
    response.writeHead(206, {
      'content-type': type,
      'content-length': end - start + 1,
      'content-range': `bytes ${start}-${end}/${size}`,
    });
    fs.createReadStream(file, { start, end }).pipe(response);
  });
}

type Playback = {
  levels: string[];
  switchedTo: number[];
  errors: string[];
  playedSeconds: number;
  videoHeight: number;
  audioBytesDecoded: number;
};

describe('the streaming ladder in hls.js (light build)', () => {
  it('plays every video rung with its sound, from the lowest up', async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(baseUrl);
      const playback: Playback = await page.evaluate(async () => {
        type HlsLight = typeof import('hls.js').default;
        const Hls = (window as unknown as { Hls: HlsLight }).Hls;
        const video = document.createElement('video');
        // Muted, so the page may play it without a click; the sound is decoded all the same.
        video.muted = true;
        document.body.append(video);
        const hls = new Hls({ startLevel: 0, capLevelToPlayerSize: false });
        const errors: string[] = [];
        const switchedTo: number[] = [];
        hls.on(Hls.Events.ERROR, (_event, data) =>
          errors.push(`${data.details}${data.fatal ? ' (fatal)' : ''}`),
        );
        hls.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => switchedTo.push(data.level));
        const parsed = new Promise((resolve) => hls.once(Hls.Events.MANIFEST_PARSED, resolve));
        hls.loadSource('/master.m3u8');
        hls.attachMedia(video);
        await parsed;
        await video.play();
        await new Promise((resolve) => setTimeout(resolve, 2500));
        hls.currentLevel = hls.levels.length - 1;
        await new Promise((resolve) => setTimeout(resolve, 4500));
        return {
          levels: hls.levels.map(
            (level) => `${level.width}x${level.height} ${level.videoCodec} ${level.audioCodec}`,
          ),
          switchedTo,
          errors,
          playedSeconds: video.currentTime,
          videoHeight: video.videoHeight,
          audioBytesDecoded: (video as HTMLVideoElement & { webkitAudioDecodedByteCount: number })
            .webkitAudioDecodedByteCount,
        };
      });
      // The audio-only rendition is no level of a player showing video: hls.js leaves it out.
      expect(playback.levels).toEqual([
        expect.stringMatching(/^426x240 avc1\.64[0-9a-f]{4} mp4a\.40\.2$/),
        expect.stringMatching(/^640x360 avc1\.64[0-9a-f]{4} mp4a\.40\.2$/),
      ]);
      expect(playback.switchedTo).toEqual([0, 1]);
      expect(playback.errors.filter((error) => error.includes('fatal'))).toEqual([]);
      expect(playback.playedSeconds).toBeGreaterThan(3);
      expect(playback.videoHeight).toBe(360);
      expect(playback.audioBytesDecoded).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('plays the audio-only rendition on its own', async () => {
    const { page, context } = await openPage(browser);
    try {
      await page.goto(baseUrl);
      const playback = await page.evaluate(async () => {
        type HlsLight = typeof import('hls.js').default;
        const Hls = (window as unknown as { Hls: HlsLight }).Hls;
        const video = document.createElement('video');
        video.muted = true;
        document.body.append(video);
        const hls = new Hls();
        hls.loadSource('/audio.m3u8');
        hls.attachMedia(video);
        await new Promise((resolve) => hls.once(Hls.Events.MANIFEST_PARSED, resolve));
        await video.play();
        await new Promise((resolve) => setTimeout(resolve, 2500));
        return {
          playedSeconds: video.currentTime,
          videoWidth: video.videoWidth,
          audioBytesDecoded: (video as HTMLVideoElement & { webkitAudioDecodedByteCount: number })
            .webkitAudioDecodedByteCount,
        };
      });
      expect(playback.playedSeconds).toBeGreaterThan(1);
      expect(playback.videoWidth).toBe(0);
      expect(playback.audioBytesDecoded).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
