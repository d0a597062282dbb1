import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema/index.ts';
import { waitUntilProcessed } from '../../../test/factories/media.ts';
import { setupTestApp } from '../../../test/test-app.ts';
import { findMediaTools } from './media-tools.ts';
import { PROCESSING_FAILURES } from './processing-failures.ts';
import { runTool } from './run-tool.ts';
import { createOwner, makeTestVideo, readStored, uploadForProcessing, waitForJobOf } from './test-media.ts';

const testApp = setupTestApp();
let ownerId: string;
let fiveSecondVideo: Buffer;
beforeAll(async () => {
  ownerId = await createOwner(testApp.app);
  fiveSecondVideo = await makeTestVideo({ seconds: 5, width: 1920, height: 1080 });
}, 120_000);

type Stream = { codec_type: string; codec_name: string; width?: number; height?: number };

/** What ffprobe reads in a stored file: its streams and duration. */
async function probeStored(key: string): Promise<{ streams: Stream[]; duration: number }> {
  const { ffprobe } = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-probe-'));
  try {
    const file = path.join(dir, 'file');
    await fs.writeFile(file, await readStored(testApp.app, key));
    const output = await runTool(
      ffprobe,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeoutMs: 30_000 },
    );
    const parsed = JSON.parse(output) as { streams: Stream[]; format: { duration: string } };
    return { streams: parsed.streams, duration: Number(parsed.format.duration) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The types of an MP4's top-level boxes, in file order. */
function topLevelBoxes(mp4: Buffer): string[] {
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= mp4.length; ) {
    let size = mp4.readUInt32BE(offset);
    boxes.push(mp4.toString('latin1', offset + 4, offset + 8));
    if (size === 1) size = Number(mp4.readBigUInt64BE(offset + 8));
    if (size === 0) break; // the box runs to the end of the file
    offset += size;
  }
  return boxes;
}

const streamSummary = (streams: Stream[]) =>
  streams.map(({ codec_type, codec_name, width, height }) => ({ codec_type, codec_name, width, height }));

describe('processing a video post', () => {
  it('makes a 720p H.264/AAC MP4 with faststart, a preview and a poster', async () => {
    const { app } = testApp;
    const publicId = await uploadForProcessing(app, {
      ownerId,
      kind: 'video',
      data: fiveSecondVideo,
      extension: 'mp4',
    });
    const asset = await waitUntilProcessed(app, publicId, 90_000);

    expect(asset).toMatchObject({ status: 'ready', failureReason: null, width: 1280, height: 720 });
    expect(asset.durationSeconds).toBeCloseTo(5, 0);
    expect(asset.variants).toEqual({
      original: `${publicId}/original.mp4`,
      video: `${publicId}/video.mp4`,
      preview: `${publicId}/preview.mp4`,
      poster: `${publicId}/poster.jpg`,
      placeholder: `${publicId}/placeholder.webp`,
    });

    const mp4 = await probeStored(asset.variants.video!);
    expect(streamSummary(mp4.streams)).toEqual([
      { codec_type: 'video', codec_name: 'h264', width: 1280, height: 720 },
      { codec_type: 'audio', codec_name: 'aac', width: undefined, height: undefined },
    ]);
    expect(mp4.duration).toBeGreaterThan(4.8);
    expect(mp4.duration).toBeLessThan(5.2);
    // Faststart: the index (moov) comes before the media data, so playback starts at once.
    const boxes = topLevelBoxes(await readStored(app, asset.variants.video!));
    expect(boxes).toContain('mdat');
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));

    // Shorter than 30 s: the preview is the whole video, in the same codecs.
    const preview = await probeStored(asset.variants.preview!);
    expect(streamSummary(preview.streams)).toEqual(streamSummary(mp4.streams));
    expect(preview.duration).toBeCloseTo(mp4.duration, 1);
    const previewBoxes = topLevelBoxes(await readStored(app, asset.variants.preview!));
    expect(previewBoxes.indexOf('moov')).toBeLessThan(previewBoxes.indexOf('mdat'));

    const poster = await sharp(await readStored(app, asset.variants.poster!)).metadata();
    expect(poster).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
    const placeholder = await sharp(await readStored(app, asset.variants.placeholder!)).metadata();
    expect(placeholder).toMatchObject({ format: 'webp', width: 24, height: 14 });

    expect((await waitForJobOf(app, publicId, 'done')).attempts).toBe(1);
    // The work folder is gone once the job is done.
    const workRoot = path.join(testApp.config.dataDir, 'tmp', 'media-processing');
    expect(await fs.readdir(workRoot)).toEqual([]);
  }, 120_000);

  it('cuts the preview at 30 seconds and keeps a portrait video upright at 720 wide', async () => {
    const { app } = testApp;
    const longPortrait = await makeTestVideo({ seconds: 40, width: 360, height: 640, fps: 10 });
    const publicId = await uploadForProcessing(app, {
      ownerId,
      kind: 'video',
      data: longPortrait,
      extension: 'mp4',
    });
    const asset = await waitUntilProcessed(app, publicId, 90_000);
    expect(asset).toMatchObject({ status: 'ready', width: 360, height: 640 });
    expect(asset.durationSeconds).toBeCloseTo(40, 0);
    const preview = await probeStored(asset.variants.preview!);
    expect(preview.duration).toBeGreaterThan(29.5);
    expect(preview.duration).toBeLessThan(30.5);

    const tall = await makeTestVideo({ seconds: 1, width: 1080, height: 1920, fps: 10 });
    const tallId = await uploadForProcessing(app, { ownerId, kind: 'video', data: tall, extension: 'mp4' });
    // A phone's 9:16 at most 720p: 720 wide, 1280 high.
    expect(await waitUntilProcessed(app, tallId, 90_000)).toMatchObject({
      status: 'ready',
      width: 720,
      height: 1280,
    });
  }, 120_000);

  it('fails a file that is not a video with a reason the creator understands', async () => {
    const { app } = testApp;
    const notVideos = {
      text: Buffer.from('These are the lyrics of my new song, not a video.\n'.repeat(40)),
      image: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
        .png()
        .toBuffer(),
      // An MP4 cut short: it starts like one, but its index (at the end) is missing.
      truncated: fiveSecondVideo.subarray(0, 4096),
    };
    for (const [name, data] of Object.entries(notVideos)) {
      const publicId = await uploadForProcessing(app, { ownerId, kind: 'video', data, extension: 'mp4' });
      const asset = await waitUntilProcessed(app, publicId);
      expect({ name, status: asset.status, failureReason: asset.failureReason }).toEqual({
        name,
        status: 'failed',
        failureReason: 'This file is not a video we can read.',
      });
      expect(asset.variants).toEqual({ original: `${publicId}/original.mp4` });
      const [job] = await app.db.select().from(jobs).where(eq(jobs.payload, { publicId }));
      expect({ name, status: job?.status, attempts: job?.attempts }).toEqual({
        name,
        status: 'failed',
        attempts: 1,
      });
    }
  }, 120_000);

  it('reads the duration of an audio file', async () => {
    const { app } = testApp;
    const { ffmpeg } = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-test-audio-'));
    const file = path.join(dir, 'tone.m4a');
    await runTool(
      ffmpeg,
      [
        '-nostdin',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=330:duration=3',
        '-c:a',
        'aac',
        file,
      ],
      { timeoutMs: 60_000 },
    );
    const data = await fs.readFile(file);
    await fs.rm(dir, { recursive: true, force: true });

    const publicId = await uploadForProcessing(app, { ownerId, kind: 'audio', data, extension: 'm4a' });
    const asset = await waitUntilProcessed(app, publicId);
    expect(asset).toMatchObject({ status: 'ready', width: null, height: null });
    expect(asset.durationSeconds).toBeCloseTo(3, 0);

    const text = Buffer.from('not audio at all');
    const textId = await uploadForProcessing(app, { ownerId, kind: 'audio', data: text, extension: 'mp3' });
    expect(await waitUntilProcessed(app, textId)).toMatchObject({
      status: 'failed',
      failureReason: PROCESSING_FAILURES.notAnAudio,
    });
  }, 120_000);
});
