import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../db/schema/index.ts';
import { uploadForProcessing, waitUntilProcessed } from '../../../test/factories/media.ts';
import { setupTestApp } from '../../../test/test-app.ts';
import { readMasterPlaylist } from './hls-playlists.ts';
import { findMediaTools, type MediaTools } from './media-tools.ts';
import { processVideo } from './process-video.ts';
import { PROCESSING_FAILURES } from './processing-failures.ts';
import { runTool } from './run-tool.ts';
import { createOwner, makeTestVideo, probeFile, readStored, waitForJobOf } from './test-media.ts';
import {
  copyStreamingFolder,
  probeLadder,
  readRotation,
  topLevelBoxes,
  waitWatchingProgress,
} from './video-processing.test-support.ts';

const testApp = setupTestApp();
let ownerId: string;
let scratch: string;
beforeAll(async () => {
  ownerId = await createOwner(testApp.app);
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-video-test-'));
}, 60_000);
afterAll(async () => {
  await fs.rm(scratch, { recursive: true, force: true });
});

/** A stored file written to the scratch folder, for ffprobe. */
async function storedFile(key: string): Promise<string> {
  const file = path.join(scratch, key.replaceAll('/', '-'));
  await fs.writeFile(file, await readStored(testApp.app, key));
  return file;
}

const HLS_FILES = (names: string[]) =>
  Object.fromEntries(
    names.flatMap((name) => [
      [`hls/${name}.m3u8`, `${name}.m3u8`],
      ...(name === 'master' ? [] : [[`hls/${name}.mp4`, `${name}.mp4`]]),
    ]),
  );

describe('processing a video into a streaming ladder', () => {
  it('makes 240p, 360p, 720p and audio-only HLS renditions of a two-minute 720p video, aligned, one file each', async () => {
    const { app } = testApp;
    const twoMinutes = await makeTestVideo({ seconds: 120, width: 1280, height: 720, fps: 10 });
    const publicId = await uploadForProcessing(app, {
      ownerId,
      kind: 'video',
      data: twoMinutes,
      extension: 'mp4',
    });
    const { asset, progressSeen } = await waitWatchingProgress(app, publicId, 240_000);

    expect(asset).toMatchObject({ status: 'ready', failureReason: null, width: 1280, height: 720 });
    expect(asset.durationSeconds).toBeCloseTo(120, 0);
    // The author saw it move, and it ends at 100.
    expect(progressSeen.some((percent) => percent > 0 && percent < 100)).toBe(true);
    expect(progressSeen).toEqual([...progressSeen].sort((a, b) => a - b));
    expect(asset.processingProgress).toBe(100);

    const folder = `${publicId}/hls`;
    const expectedFiles = {
      ...HLS_FILES(['master', '240p', '360p', '720p', 'audio']),
      'hls/thumbnails.jpg': 'thumbnails.jpg',
      'hls/thumbnails.vtt': 'thumbnails.vtt',
    };
    expect(asset.variants).toEqual({
      original: `${publicId}/original.mp4`,
      preview: `${publicId}/preview.mp4`,
      poster: `${publicId}/poster.jpg`,
      placeholder: `${publicId}/placeholder.webp`,
      ...Object.fromEntries(Object.entries(expectedFiles).map(([name, file]) => [name, `${folder}/${file}`])),
    });

    const dir = await fs.mkdtemp(path.join(scratch, 'ladder-'));
    await copyStreamingFolder(app, asset, dir);
    const master = readMasterPlaylist(await fs.readFile(path.join(dir, 'master.m3u8'), 'utf8'));
    // What hls.js needs of each video rung: BANDWIDTH, RESOLUTION and CODECS (video and
    // audio). Each rung carries its sound: hls.js's light build plays no separate audio group.
    expect(master.media).toEqual([]);
    expect(
      master.variants.map(({ uri, resolution, audioGroup }) => ({ uri, resolution, audioGroup })),
    ).toEqual([
      { uri: '240p.m3u8', resolution: { width: 426, height: 240 }, audioGroup: null },
      { uri: '360p.m3u8', resolution: { width: 640, height: 360 }, audioGroup: null },
      { uri: '720p.m3u8', resolution: { width: 1280, height: 720 }, audioGroup: null },
      { uri: 'audio.m3u8', resolution: null, audioGroup: null },
    ]);
    for (const variant of master.variants) {
      expect(variant.bandwidth).toBeGreaterThan(0);
      expect(variant.codecs.at(-1)).toBe('mp4a.40.2');
      if (variant.resolution) expect(variant.codecs[0]).toMatch(/^avc1\.64[0-9a-f]{4}$/);
    }

    const renditions = await probeLadder(dir);
    const sound = { codec_type: 'audio', codec_name: 'aac', channels: 2 };
    expect(renditions.map(({ name, streams }) => ({ name, streams }))).toEqual([
      {
        name: '240p',
        streams: [{ codec_type: 'video', codec_name: 'h264', width: 426, height: 240 }, sound],
      },
      {
        name: '360p',
        streams: [{ codec_type: 'video', codec_name: 'h264', width: 640, height: 360 }, sound],
      },
      {
        name: '720p',
        streams: [{ codec_type: 'video', codec_name: 'h264', width: 1280, height: 720 }, sound],
      },
      { name: 'audio', streams: [sound] },
    ]);
    for (const rendition of renditions) {
      expect({ name: rendition.name, duration: Math.round(rendition.duration) }).toEqual({
        name: rendition.name,
        duration: 120,
      });
      // single_file: the init segment and every segment are byte ranges, end to end, of one file.
      expect(rendition.files).toEqual([`${rendition.name}.mp4`]);
      expect(rendition.isFileCoveredByRanges).toBe(true);
    }
    const playlist = await fs.readFile(path.join(dir, '240p.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-BYTERANGE:');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    // Key frames at the same instants in every rung: the same segments, 4 s each.
    const [lowest, ...higher] = renditions.filter((rendition) => rendition.name !== 'audio');
    expect(lowest!.segmentDurations).toHaveLength(30);
    expect(lowest!.segmentDurations.every((seconds) => Math.abs(seconds - 4) < 0.01)).toBe(true);
    expect(lowest!.hasIndependentSegments).toBe(true);
    for (const rung of higher) expect(rung.segmentDurations).toEqual(lowest!.segmentDurations);

    // The column the watch page reads: each rung as the master states it, with its size.
    const sizeOf = async (file: string) => (await fs.stat(path.join(dir, file))).size;
    const bandwidthOf = (uri: string) => master.variants.find((variant) => variant.uri === uri)!.bandwidth;
    expect(asset.renditions).toEqual([
      {
        name: 'audio',
        width: null,
        height: null,
        bandwidth: bandwidthOf('audio.m3u8'),
        bytes: await sizeOf('audio.mp4'),
      },
      {
        name: '240p',
        width: 426,
        height: 240,
        bandwidth: bandwidthOf('240p.m3u8'),
        bytes: await sizeOf('240p.mp4'),
      },
      {
        name: '360p',
        width: 640,
        height: 360,
        bandwidth: bandwidthOf('360p.m3u8'),
        bytes: await sizeOf('360p.mp4'),
      },
      {
        name: '720p',
        width: 1280,
        height: 720,
        bandwidth: bandwidthOf('720p.m3u8'),
        bytes: await sizeOf('720p.mp4'),
      },
    ]);

    // The seek bar's frames: one every 2 s, 160 px wide, ten to a row of the sprite.
    const vtt = await fs.readFile(path.join(dir, 'thumbnails.vtt'), 'utf8');
    const cues = vtt.trim().split('\n\n').slice(1);
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    expect(cues).toHaveLength(60);
    expect(cues[0]).toBe('00:00:00.000 --> 00:00:02.000\nthumbnails.jpg#xywh=0,0,160,90');
    expect(cues[59]).toMatch(/^00:01:58\.000 --> 00:02:00\.\d{3}\nthumbnails\.jpg#xywh=1440,450,160,90$/);
    expect(await sharp(path.join(dir, 'thumbnails.jpg')).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1600,
      height: 540,
    });

    // The preview: the first 30 s at the lowest rung's size, one progressive file, index first.
    const previewFile = await storedFile(asset.variants.preview!);
    const preview = await probeFile(previewFile);
    expect(preview.streams.map(({ codec_type, codec_name }) => [codec_type, codec_name])).toEqual([
      ['video', 'h264'],
      ['audio', 'aac'],
    ]);
    expect(preview.duration).toBeGreaterThan(29.5);
    expect(preview.duration).toBeLessThanOrEqual(30.05);
    const boxes = topLevelBoxes(await fs.readFile(previewFile));
    expect(boxes).not.toContain('moof');
    expect(boxes.indexOf('moov')).toBeGreaterThanOrEqual(0);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    // The poster: a frame of the highest rung.
    const poster = await sharp(await storedFile(asset.variants.poster!)).metadata();
    expect(poster).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
    const placeholder = await sharp(await readStored(app, asset.variants.placeholder!)).metadata();
    expect(placeholder).toMatchObject({ format: 'webp', width: 24, height: 14 });

    expect((await waitForJobOf(app, publicId, 'done')).attempts).toBe(1);
    // The work folder is gone once the job is done.
    const workRoot = path.join(testApp.config.dataDir, 'tmp', 'media-processing');
    expect(await fs.readdir(workRoot)).toEqual([]);
  }, 300_000);

  it('never upscales: a small silent video gets one rung at its own size and no audio rendition', async () => {
    const { app } = testApp;
    const small = await makeTestVideo({ seconds: 3, width: 320, height: 180, fps: 10, hasAudio: false });
    const publicId = await uploadForProcessing(app, {
      ownerId,
      kind: 'video',
      data: small,
      extension: 'mp4',
    });
    const asset = await waitUntilProcessed(app, publicId, 90_000);
    expect(asset).toMatchObject({ status: 'ready', width: 320, height: 180, processingProgress: 100 });
    const streamingVariants = Object.keys(asset.variants).filter((name) => name.startsWith('hls/'));
    expect(streamingVariants.sort()).toEqual([
      'hls/180p.m3u8',
      'hls/180p.mp4',
      'hls/master.m3u8',
      'hls/thumbnails.jpg',
      'hls/thumbnails.vtt',
    ]);
    expect(asset.renditions).toEqual([
      { name: '180p', width: 320, height: 180, bandwidth: 275_000, bytes: expect.any(Number) },
    ]);
    const dir = await fs.mkdtemp(path.join(scratch, 'small-'));
    await copyStreamingFolder(app, asset, dir);
    const master = readMasterPlaylist(await fs.readFile(path.join(dir, 'master.m3u8'), 'utf8'));
    expect(master.media).toEqual([]);
    expect(master.variants).toMatchObject([
      { uri: '180p.m3u8', audioGroup: null, codecs: [expect.stringMatching(/^avc1\./)] },
    ]);
    const [rendition] = await probeLadder(dir);
    expect(rendition!.streams).toEqual([
      { codec_type: 'video', codec_name: 'h264', width: 320, height: 180 },
    ]);
    const preview = await probeFile(await storedFile(asset.variants.preview!));
    expect(preview.streams.map((stream) => stream.codec_type)).toEqual(['video']);
  }, 120_000);

  it('fails a file that is not a video with a reason the creator understands', async () => {
    const { app } = testApp;
    const oneSecond = await makeTestVideo({ seconds: 1, width: 160, height: 120 });
    const notVideos = {
      text: Buffer.from('These are the lyrics of my new song, not a video.\n'.repeat(40)),
      image: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } })
        .png()
        .toBuffer(),
      // An MP4 cut short: it starts like one, but its index (at the end) is missing.
      truncated: oneSecond.subarray(0, 4096),
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
    const file = path.join(scratch, 'tone.m4a');
    await runTool(
      ffmpeg,
      [
        ...['-nostdin', '-loglevel', 'error', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=3'],
        ...['-c:a', 'aac', file],
      ],
      { timeoutMs: 60_000 },
    );
    const data = await fs.readFile(file);
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

describe('the two ways of making the ladder', () => {
  it('one rendition per run (the npm 2018 ffmpeg) makes the ladder the one-pass run makes, upright from a phone’s rotated video', async () => {
    const phone = await makeTestVideo({ seconds: 6, width: 1280, height: 720, fps: 10, rotation: 90 });
    const original = path.join(scratch, 'phone.mp4');
    await fs.writeFile(original, phone);
    const npmTools = await findNpmTools();
    const systemTools = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
    expect(systemTools.source.ffmpeg).not.toBe('npm');

    const ladders: ProcessedLadder[] = [];
    for (const tools of [systemTools, npmTools]) {
      const outcome = await processVideoDirectly(original, tools);
      expect(outcome.progress.at(-1)).toBeGreaterThanOrEqual(90);
      ladders.push(outcome);
    }
    const [onePass, perRun] = ladders;
    for (const ladder of ladders) {
      // Upright: 720 wide and 1280 high, as the phone showed it, with no rotation left to apply.
      expect({ width: ladder.width, height: ladder.height }).toEqual({ width: 720, height: 1280 });
      const sound = { codec_type: 'audio', codec_name: 'aac', channels: 2 };
      expect(ladder.renditions.map(({ name, streams }) => ({ name, streams }))).toEqual([
        {
          name: '240p',
          streams: [{ codec_type: 'video', codec_name: 'h264', width: 240, height: 426 }, sound],
        },
        {
          name: '360p',
          streams: [{ codec_type: 'video', codec_name: 'h264', width: 360, height: 640 }, sound],
        },
        {
          name: '720p',
          streams: [{ codec_type: 'video', codec_name: 'h264', width: 720, height: 1280 }, sound],
        },
        { name: 'audio', streams: [sound] },
      ]);
      for (const rendition of ladder.renditions) {
        expect(rendition.isFileCoveredByRanges).toBe(true);
        expect(rendition.duration).toBeCloseTo(6, 0);
      }
      expect(ladder.rotation).toBeNull();
      expect(ladder.files).toEqual(onePass!.files);
    }
    expect(perRun!.master).toEqual(onePass!.master);
    expect(perRun!.columns).toEqual(onePass!.columns.map((rung) => ({ ...rung, bytes: expect.any(Number) })));
    const segmentsOf = (ladder: ProcessedLadder) =>
      ladder.renditions
        .filter((rendition) => rendition.name !== 'audio')
        .map((rendition) => rendition.segmentDurations);
    expect(segmentsOf(perRun!)).toEqual(segmentsOf(onePass!));
  }, 240_000);
});

async function findNpmTools(): Promise<MediaTools> {
  const ffmpeg = (await import('@ffmpeg-installer/ffmpeg')).default.path;
  const ffprobe = (await import('@ffprobe-installer/ffprobe')).default.path;
  return { ffmpeg, ffprobe, source: { ffmpeg: 'npm', ffprobe: 'npm' }, ffmpegYear: 2018 };
}

type ProcessedLadder = Awaited<ReturnType<typeof processVideoDirectly>>;

/** The processor the job runs, called directly with the given tools, and what it made. */
async function processVideoDirectly(original: string, tools: MediaTools) {
  const workDir = await fs.mkdtemp(path.join(scratch, `work-${tools.source.ffmpeg}-`));
  const progress: number[] = [];
  const processed = await processVideo({
    publicId: 'AbCdEfGhIjKlMnOpQrSt',
    originalFile: original,
    workDir,
    tools: async () => tools,
    signal: new AbortController().signal,
    onProgress: (percent) => progress.push(percent),
  });
  const hlsDir = path.join(workDir, 'hls');
  const master = readMasterPlaylist(await fs.readFile(path.join(hlsDir, 'master.m3u8'), 'utf8'));
  return {
    width: processed.width,
    height: processed.height,
    files: processed.files.map((file) => file.name),
    master: master.variants.map(({ bandwidth, resolution, codecs, audioGroup, uri }) => ({
      uri,
      bandwidth,
      resolution,
      codecs,
      audioGroup,
    })),
    columns: processed.renditions ?? [],
    renditions: await probeLadder(hlsDir),
    rotation: await readRotation(path.join(hlsDir, '720p.mp4')),
    progress,
  };
}
