import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TAudio, TAudioResponse, TCreateAudioRequest } from '@stagepass/contract/audio';
import { MEDIA_UPLOAD_FIELD } from '@stagepass/contract/media';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { findMediaTools } from '../../server/src/modules/media/processing/media-tools.ts';
import { runTool } from '../../server/src/modules/media/processing/run-tool.ts';
import { type Account, callApi } from './accounts.ts';
import { waitUntilPublished } from './items.ts';

/**
 * A tone made by ffmpeg (the server's own, found as the server finds it) as the bytes of a
 * WAV file: `frequency` Hz, its loudness swelling and fading so the waveform has a shape.
 */
export async function makeTone({ seconds, frequency = 440 }: { seconds: number; frequency?: number }) {
  const { ffmpeg } = await findMediaTools({
    ffmpegPath: process.env.FFMPEG_PATH,
    ffprobePath: process.env.FFPROBE_PATH,
  });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-e2e-tone-'));
  try {
    const file = path.join(dir, 'tone.wav');
    const expression = `sin(2*PI*${frequency}*t)*(0.25+0.7*abs(sin(t/3)))`;
    await runTool(
      ffmpeg,
      [
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        `aevalsrc=${expression}:s=22050:d=${seconds}`,
        file,
      ],
      { timeoutMs: 60_000 },
    );
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Uploads a file as a post's media (POST /api/media/upload?purpose=post) and answers its public_id. */
export async function uploadPostMedia(account: Account, data: Buffer, fileName: string, type: string) {
  const baseUrl = inject('baseUrl');
  const form = new FormData();
  form.append(MEDIA_UPLOAD_FIELD, new Blob([new Uint8Array(data)], { type }), fileName);
  const response = await fetch(`${baseUrl}/api/media/upload?purpose=post`, {
    method: 'POST',
    headers: {
      origin: baseUrl,
      cookie: [...account.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { public_id: string }).public_id;
}

type TrackOptions = Omit<TCreateAudioRequest, 'audio_asset' | 'cover_asset' | 'genre'> & {
  seconds: number;
  frequency?: number;
  genre?: TCreateAudioRequest['genre'];
};

/**
 * A track published through the API as its creator would: a generated tone uploaded, the
 * track created, and processing waited for (GET /api/media/:publicId/status), so the
 * full, data-saver and preview files and the waveform all exist.
 */
export async function publishTrack(
  creator: Account,
  { seconds, frequency, genre = 'Afrobeats', ...track }: TrackOptions,
) {
  const tone = await makeTone({ seconds, frequency });
  const publicId = await uploadPostMedia(creator, tone, 'tone.wav', 'audio/wav');
  const created = await callApi(creator, '/api/audio/create', 'POST', {
    ...track,
    genre,
    audio_asset: { public_id: publicId },
  } satisfies TCreateAudioRequest);
  expect(created.status, await created.clone().text()).toBe(201);
  const { audio } = (await created.json()) as TAudioResponse;
  await waitForProcessing(creator, publicId);
  await waitUntilPublished(audio.audioId);
  return audio;
}

async function waitForProcessing(creator: Account, publicId: string) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const answer = await callApi(creator, `/api/media/${publicId}/status`, 'GET');
    const { status, failureReason } = (await answer.json()) as {
      status: string;
      failureReason: string | null;
    };
    if (status === 'ready') return;
    if (status === 'failed') throw new Error(`processing ${publicId} failed: ${failureReason}`);
    if (Date.now() > deadline) throw new Error(`processing ${publicId} stayed ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A track as an account (or a visitor, null) reads it. */
export async function fetchTrack(account: Account | null, audioId: string): Promise<TAudio> {
  const answer = await callApi(account, `/api/audio/fetch-audio/${audioId}`, 'GET');
  expect(answer.status).toBe(200);
  return ((await answer.json()) as TAudioResponse).audio;
}

// The app's one media element, read from the test (the page's CSP allows no eval in it).

/** The page's media element, as the listener hears it. */
export function readAudio(page: Page) {
  return page.locator('audio').evaluate((audio: HTMLAudioElement) => ({
    currentTime: audio.currentTime,
    duration: audio.duration,
    paused: audio.paused,
    ended: audio.ended,
    src: audio.currentSrc || audio.src,
  }));
}

/** Plays the page's audio 8 times as fast, also each file loaded later (a load resets the rate). */
export async function speedUp(page: Page, rate = 8) {
  await page.locator('audio').evaluate((audio: HTMLAudioElement, rate) => {
    audio.defaultPlaybackRate = rate;
    audio.playbackRate = rate;
  }, rate);
}

export type AudioState = Awaited<ReturnType<typeof readAudio>>;

/** Waits until the media element is as `isReady` says (read from here: the page's CSP allows no eval). */
export async function waitForAudio(page: Page, isReady: (audio: AudioState) => boolean, timeout = 20_000) {
  const deadline = Date.now() + timeout;
  let last = await readAudio(page);
  while (!isReady(last)) {
    if (Date.now() > deadline) throw new Error(`the audio stayed ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await readAudio(page);
  }
  return last;
}
