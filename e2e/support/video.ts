import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TCreateVideoRequest, TVideo, TVideoResponse, TWatchResponse } from '@stagepass/contract/video';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { findMediaTools } from '../../server/src/modules/media/processing/media-tools.ts';
import { runTool } from '../../server/src/modules/media/processing/run-tool.ts';
import { type Account, callApi } from './accounts.ts';
import { uploadPostMedia } from './audio.ts';
import { waitUntilPublished } from './items.ts';

/**
 * A clip made by ffmpeg (the server's own, found as the server finds it): ffmpeg's moving
 * test pattern at 1280 × 720, so the ladder has its 720p rung, with a tone for sound.
 * Its bytes, as an MP4.
 */
export async function makeClip({ seconds, frequency = 440 }: { seconds: number; frequency?: number }) {
  const { ffmpeg } = await findMediaTools({
    ffmpegPath: process.env.FFMPEG_PATH,
    ffprobePath: process.env.FFPROBE_PATH,
  });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-e2e-clip-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    await runTool(
      ffmpeg,
      [
        ...['-nostdin', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25:duration=${seconds}`],
        ...['-f', 'lavfi', '-i', `sine=frequency=${frequency}:duration=${seconds}`],
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
        file,
      ],
      { timeoutMs: 120_000 },
    );
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

type VideoOptions = Omit<TCreateVideoRequest, 'video_asset' | 'cover_asset' | 'type'> & {
  seconds: number;
  frequency?: number;
};

/**
 * A video (or an episode, with seriesId) published through the API as its creator would:
 * a generated clip uploaded, the video created, and processing waited for, so its ladder,
 * poster and preview all exist.
 */
export async function publishVideo(creator: Account, { seconds, frequency, ...video }: VideoOptions) {
  const clip = await makeClip({ seconds, frequency });
  const publicId = await uploadPostMedia(creator, clip, 'clip.mp4', 'video/mp4');
  const created = await callApi(creator, '/api/video/create', 'POST', {
    ...video,
    type: 'video',
    video_asset: { public_id: publicId },
  } satisfies TCreateVideoRequest);
  expect(created.status, await created.clone().text()).toBe(201);
  const answer = (await created.json()) as TVideoResponse;
  await waitForVideo(creator, answer.video._id);
  return answer.video;
}

/** A series of the creator's, with no episode yet. */
export async function createSeries(creator: Account, series: Omit<TCreateVideoRequest, 'type'>) {
  const created = await callApi(creator, '/api/video/create', 'POST', { ...series, type: 'series' });
  expect(created.status, await created.clone().text()).toBe(201);
  return ((await created.json()) as TVideoResponse).video;
}

/** Waits until the video is processed (fetch_video as its author) and published; fails on a failure. */
export async function waitForVideo(creator: Account, videoId: string): Promise<TVideo> {
  const deadline = Date.now() + 240_000;
  for (;;) {
    const video = await fetchVideo(creator, videoId);
    if (video.status === 'ready') {
      await waitUntilPublished(videoId);
      return video;
    }
    if (video.status === 'failed') throw new Error(`processing ${videoId} failed: ${video.failureReason}`);
    if (Date.now() > deadline)
      throw new Error(`processing ${videoId} stayed at ${video.processingProgress} %`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A video as an account (or a visitor, null) reads it. */
export async function fetchVideo(account: Account | null, videoId: string): Promise<TVideo> {
  const answer = await callApi(account, `/api/video/fetch_video/${videoId}`, 'GET');
  expect(answer.status).toBe(200);
  return ((await answer.json()) as TVideoResponse).video;
}

/** What the watch page reads for an account (or a visitor). */
export async function fetchToWatch(account: Account | null, videoId: string): Promise<TWatchResponse> {
  const answer = await callApi(account, `/api/video/fetch-to-watch/${videoId}`, 'GET');
  expect(answer.status).toBe(200);
  return (await answer.json()) as TWatchResponse;
}

// The page's one <video>, read from the test (the page's CSP allows no eval in it).

export function readVideo(page: Page) {
  return page.locator('video.video-player__video').evaluate((video: HTMLVideoElement) => ({
    currentTime: video.currentTime,
    duration: video.duration,
    paused: video.paused,
    ended: video.ended,
    playbackRate: video.playbackRate,
    readyState: video.readyState,
    videoHeight: video.videoHeight,
    src: video.currentSrc || video.src,
    error: video.error?.message ?? null,
  }));
}

export type VideoState = Awaited<ReturnType<typeof readVideo>>;

/** Waits until the <video> is as `isReady` says. */
export async function waitForVideoState(
  page: Page,
  isReady: (video: VideoState) => boolean,
  timeout = 30_000,
): Promise<VideoState> {
  const deadline = Date.now() + timeout;
  let last = await readVideo(page);
  while (!isReady(last)) {
    if (Date.now() > deadline) throw new Error(`the video stayed ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await readVideo(page);
  }
  return last;
}
