/**
 * How long a photo waits while a video is converted. One creator uploads a 1080p video
 * (BENCH_VIDEO_SECONDS long, 120 by default: a two-minute clip); once its conversion has
 * started, another creator uploads a 12-megapixel phone photo. The bench prints how long
 * each took from its upload to 'ready', as the creators see it on the status route. The
 * server runs in its own process with its default job settings, as `npm start` does.
 *
 *   npm run bench:lanes   (BENCH_VIDEO_SECONDS=120, BENCH_DATABASE=pglite|postgres)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { findMediaTools } from '../server/src/modules/media/processing/media-tools.ts';
import { spawnServer } from '../server/src/test/spawn-server.ts';
import { benchServerUrl, onServer } from './bench-database.ts';
import { signUp, uploadStreamed } from './media-bench-helpers.ts';

const videoSeconds = Number(process.env.BENCH_VIDEO_SECONDS ?? 120);
const database = process.env.BENCH_DATABASE === 'postgres' ? 'postgres' : 'pglite';
const BENCH_DATABASE = 'stagepass_bench_lanes';

async function makeVideo(file: string): Promise<void> {
  const { ffmpeg } = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  execFileSync(ffmpeg, [
    ...['-nostdin', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=duration=${videoSeconds}:size=1920x1080:rate=30`],
    ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${videoSeconds}`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
    file,
  ]);
}

/** A phone photo's size: 4000 × 3000 of grain (it does not compress away), as a JPEG. */
function makePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function upload(baseUrl: string, cookie: string, data: Buffer): Promise<string> {
  const answer = await uploadStreamed(baseUrl, cookie, data.length, [data]);
  if (answer.status !== 201) throw new Error(`upload answered ${answer.status}: ${answer.body}`);
  return (JSON.parse(answer.body) as { public_id: string }).public_id;
}

/** Milliseconds from now until the asset is no longer 'processing'. */
async function timeUntilProcessed(baseUrl: string, cookie: string, publicId: string): Promise<number> {
  const startedAt = performance.now();
  for (;;) {
    const response = await fetch(`${baseUrl}/api/media/${publicId}/status`, { headers: { cookie } });
    const { status } = (await response.json()) as { status: string };
    if (status === 'failed') throw new Error(`${publicId} failed`);
    if (status !== 'processing') return performance.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stagepass-bench-lanes-'));
const databaseEnv: Record<string, string> = {};
if (database === 'postgres') {
  await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
  await onServer(`create database ${BENCH_DATABASE}`);
  const url = new URL(benchServerUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  databaseEnv.DATABASE_URL = url.toString();
}
const server = await spawnServer({
  NODE_ENV: 'development',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  LOG_FORMAT: 'json',
  DEMO_CONTENT: 'false',
  ...databaseEnv,
});
try {
  const videoFile = path.join(dataDir, 'bench-video.mp4');
  await makeVideo(videoFile);
  const video = fs.readFileSync(videoFile);
  const photo = await makePhoto();
  await server.waitUntilHealthy();
  const videoCreator = await signUp(server.baseUrl);
  const photoCreator = await signUp(server.baseUrl);

  const videoId = await upload(server.baseUrl, videoCreator, video);
  const videoDone = timeUntilProcessed(server.baseUrl, videoCreator, videoId);
  // The worker looks for jobs every second: by now the conversion has started.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const photoId = await upload(server.baseUrl, photoCreator, photo);
  const photoMs = await timeUntilProcessed(server.baseUrl, photoCreator, photoId);
  const videoMs = await videoDone;

  console.log(
    `${os.cpus().length} cores, Node ${process.version}, Stagepass on ${database}; a ${videoSeconds} s 1080p ` +
      `video (${(video.length / 1024 / 1024).toFixed(0)} MB), then a 12 MP photo (${(photo.length / 1024 / 1024).toFixed(1)} MB) 2 s later`,
  );
  console.log(`photo: ready ${(photoMs / 1000).toFixed(1)} s after its upload`);
  console.log(`video: ready ${(videoMs / 1000).toFixed(1)} s after its upload`);
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (database === 'postgres') await onServer(`drop database if exists ${BENCH_DATABASE} with (force)`);
}
