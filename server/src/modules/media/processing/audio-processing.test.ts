import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AUDIO_VARIANTS } from '@stagepass/contract/audio';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, type MediaAssetRow } from '../../../db/schema/index.ts';
import {
  signUpUploader,
  uploadForProcessing,
  uploadPostFile,
  waitUntilProcessed,
} from '../../../test/factories/media.ts';
import { setupTestApp } from '../../../test/test-app.ts';
import { makeMediaFile } from '../test-media-files.ts';
import { readWaveform } from './audio-waveform.ts';
import { PROCESSING_FAILURES } from './processing-failures.ts';
import { createOwner, makeTestAudio, measureLoudness, probeFile, readStored } from './test-media.ts';

const testApp = setupTestApp();
let scratch: string;
let uploader: Awaited<ReturnType<typeof signUpUploader>>;
const PROCESSING_TIMEOUT_MS = 120_000;

beforeAll(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-audio-test-'));
  uploader = await signUpUploader(testApp.app);
});
afterAll(() => fs.rm(scratch, { recursive: true, force: true }));

/** Uploads a file as a creator does for a post and waits until its job is done. */
async function uploadAndProcess(file: { data: Buffer; name: string }): Promise<MediaAssetRow> {
  const response = await uploadPostFile(testApp.app, uploader.cookie, file);
  expect(response.statusCode).toBe(201);
  expect(response.json()).toMatchObject({ kind: 'audio', status: 'processing' });
  return waitUntilProcessed(testApp.app, response.json().public_id, PROCESSING_TIMEOUT_MS);
}

/** A stored variant copied to the scratch folder, for ffmpeg and ffprobe to read. */
async function copyStored(key: string): Promise<string> {
  const file = path.join(scratch, key.replaceAll('/', '-'));
  await fs.writeFile(file, await readStored(testApp.app, key));
  return file;
}

async function readPeaks(key: string): Promise<number[]> {
  const waveform = JSON.parse((await readStored(testApp.app, key)).toString('utf8')) as { peaks: number[] };
  expect(Object.keys(waveform)).toEqual(['peaks']);
  return waveform.peaks;
}

/** The types of an MP4's top-level boxes, in file order. */
function topLevelBoxes(mp4: Buffer): string[] {
  const boxes: string[] = [];
  for (let offset = 0; offset + 8 <= mp4.length; ) {
    const size = mp4.readUInt32BE(offset);
    boxes.push(mp4.toString('latin1', offset + 4, offset + 8));
    if (size < 8) break; // 0: to the end of the file; 1: a 64-bit size, never needed here
    offset += size;
  }
  return boxes;
}

function expectAacStereo(probe: Awaited<ReturnType<typeof probeFile>>) {
  expect(
    probe.streams.map(({ codec_type, codec_name, profile, channels }) => ({
      codec_type,
      codec_name,
      profile,
      channels,
    })),
  ).toEqual([{ codec_type: 'audio', codec_name: 'aac', profile: 'LC', channels: 2 }]);
  expect(['44100', '48000']).toContain(probe.streams[0]!.sample_rate);
}

describe('processing an audio post', () => {
  it.each(['mp3', 'wav', 'flac'] as const)(
    'makes a normalised AAC, a data saver, a 30-second preview and a waveform of a 3-minute %s',
    async (format) => {
      const source = await makeTestAudio({ format, seconds: 180 });
      const startedAt = Date.now();
      const asset = await uploadAndProcess(source);
      const processingMs = Date.now() - startedAt;
      const { publicId } = asset;

      expect(asset).toMatchObject({ status: 'ready', failureReason: null, width: null, height: null });
      expect(asset.durationSeconds).toBeGreaterThan(179.5);
      expect(asset.durationSeconds).toBeLessThan(180.5);
      // The original stays as it came (owner-only) and is no output.
      expect(asset.variants).toEqual({
        original: `${publicId}/original.${format}`,
        [AUDIO_VARIANTS.full]: `${publicId}/audio.m4a`,
        [AUDIO_VARIANTS.dataSaver]: `${publicId}/audio-lite.m4a`,
        [AUDIO_VARIANTS.preview]: `${publicId}/preview.m4a`,
        [AUDIO_VARIANTS.waveform]: `${publicId}/waveform.json`,
      });
      for (const name of ['audio', 'audio-lite', 'preview'])
        expect((await testApp.app.mediaStore.stat(asset.variants[name]!))?.contentType).toBe('audio/mp4');
      expect((await testApp.app.mediaStore.stat(asset.variants.waveform!))?.contentType).toBe(
        'application/json',
      );

      const full = await probeFile(await copyStored(asset.variants.audio!));
      expectAacStereo(full);
      expect(full.duration).toBeGreaterThan(179.5);
      expect(full.duration).toBeLessThan(180.5);
      const fullBitRate = Number(full.streams[0]!.bit_rate);
      expect(fullBitRate).toBeGreaterThan(128_000 * 0.85);
      expect(fullBitRate).toBeLessThan(128_000 * 1.15);
      // Faststart: the index (moov) before the media data, so playback starts at once.
      for (const name of ['audio', 'audio-lite', 'preview']) {
        const boxes = topLevelBoxes(await readStored(testApp.app, asset.variants[name]!));
        expect(boxes.indexOf('moov'), name).toBeGreaterThan(0);
        expect(boxes.indexOf('moov'), name).toBeLessThan(boxes.indexOf('mdat'));
      }

      const lite = await probeFile(await copyStored(asset.variants['audio-lite']!));
      expectAacStereo(lite);
      expect(lite.duration).toBeCloseTo(full.duration, 1);
      // At most 64 kb/s, the M4A's own boxes included.
      expect(Number(lite.streams[0]!.bit_rate)).toBeLessThanOrEqual(64_000);
      expect(lite.bitRate).toBeLessThanOrEqual(64_000);

      const previewFile = await copyStored(asset.variants.preview!);
      const preview = await probeFile(previewFile);
      expectAacStereo(preview);
      expect(preview.duration).toBeGreaterThan(29.5);
      expect(preview.duration).toBeLessThan(30.5);
      expect(Number(preview.streams[0]!.bit_rate)).toBeGreaterThan(128_000 * 0.85);
      // It fades out rather than stopping mid-note: its last half second is much quieter.
      const middle = await measureLoudness(previewFile, { from: 10, seconds: 2 });
      const end = await measureLoudness(previewFile, { from: 29.5, seconds: 0.5 });
      expect(end.meanDb).toBeLessThan(middle.meanDb - 10);

      const peaks = await readPeaks(asset.variants.waveform!);
      expect(peaks).toHaveLength(200);
      for (const peak of peaks) {
        expect(peak).toBeGreaterThan(0.05);
        expect(peak).toBeLessThanOrEqual(1);
        expect(Math.round(peak * 1000) / 1000).toBe(peak);
      }
      console.info(
        `${format}: processed in ${processingMs} ms; audio ${fullBitRate} b/s, audio-lite ` +
          `${lite.streams[0]!.bit_rate} b/s (${lite.bitRate} with the container), preview ${preview.duration} s`,
      );
    },
    PROCESSING_TIMEOUT_MS,
  );

  // Ogg Opus, Ogg Vorbis, M4A, and raw AAC in ADTS frames.
  it.each(['opus', 'vorbis', 'm4a', 'aac'] as const)(
    'takes a 10-second %s file whole as its preview, without a fade',
    async (format) => {
      const asset = await uploadAndProcess(await makeTestAudio({ format, seconds: 10 }));
      expect(asset).toMatchObject({ status: 'ready', failureReason: null });
      expect(asset.durationSeconds).toBeGreaterThan(9.9);
      expect(asset.durationSeconds).toBeLessThan(10.1);

      const full = await probeFile(await copyStored(asset.variants.audio!));
      expectAacStereo(full);
      const previewFile = await copyStored(asset.variants.preview!);
      const preview = await probeFile(previewFile);
      expectAacStereo(preview);
      expect(preview.duration).toBeCloseTo(full.duration, 1);
      const middle = await measureLoudness(previewFile, { from: 4, seconds: 2 });
      const end = await measureLoudness(previewFile, { from: 9, seconds: 0.5 });
      expect(end.meanDb).toBeGreaterThan(middle.meanDb - 1.5);

      const peaks = await readPeaks(asset.variants.waveform!);
      expect(peaks).toHaveLength(200);
      expect(Math.min(...peaks)).toBeGreaterThan(0.05);
    },
  );

  it('takes the audio of a WebM recording (as a browser records a voice note)', async () => {
    // The upload files every WebM as a video (media-type.ts); the job takes one as audio.
    const { data } = await makeTestAudio({ format: 'webm', seconds: 10 });
    const publicId = await uploadForProcessing(testApp.app, {
      ownerId: uploader.id,
      kind: 'audio',
      data,
      extension: 'webm',
    });
    const asset = await waitUntilProcessed(testApp.app, publicId, PROCESSING_TIMEOUT_MS);
    expect(asset).toMatchObject({ status: 'ready', failureReason: null });
    expect(asset.durationSeconds).toBeCloseTo(10, 0);
    expectAacStereo(await probeFile(await copyStored(asset.variants.audio!)));
  });

  it('brings a quiet recording up and a loud one down to the same loudness', async () => {
    const quietSource = await makeTestAudio({ format: 'wav', seconds: 20, gainDb: -12 }); // -30 dBFS
    const loudSource = await makeTestAudio({ format: 'wav', seconds: 20, gainDb: 16 }); // -2 dBFS
    const levels = [];
    for (const source of [quietSource, loudSource]) {
      const sourceFile = path.join(scratch, `source-${levels.length}.wav`);
      await fs.writeFile(sourceFile, source.data);
      const asset = await uploadAndProcess(source);
      expect(asset.status).toBe('ready');
      levels.push({
        before: await measureLoudness(sourceFile),
        after: await measureLoudness(await copyStored(asset.variants.audio!)),
        lite: await measureLoudness(await copyStored(asset.variants['audio-lite']!)),
      });
    }
    const [quiet, loud] = levels;
    expect(quiet!.before.maxDb).toBeCloseTo(-30, 0);
    expect(quiet!.after.meanDb).toBeGreaterThan(quiet!.before.meanDb + 10);
    expect(loud!.after.meanDb).toBeLessThan(loud!.before.meanDb - 5);
    for (const { after, lite } of levels) {
      // The target: -16 LUFS, true peaks below -1.5 dBTP (a sample peak can only be lower).
      expect(Math.abs(after.integratedLufs + 16)).toBeLessThan(1.5);
      expect(Math.abs(lite.integratedLufs + 16)).toBeLessThan(1.5);
      expect(after.maxDb).toBeLessThan(-1);
    }
    // Two tones 28 dB apart come out within a decibel of each other.
    expect(Math.abs(quiet!.after.meanDb - loud!.after.meanDb)).toBeLessThan(1);
  });

  it(
    'fails a file that is not audio, or holds none, with a reason the creator understands',
    async () => {
      const mp3Tone = await makeTestAudio({ format: 'mp3', seconds: 2 });
      const notAudio = {
        'text renamed .mp3': {
          data: Buffer.from('These are the lyrics, not the song.\n'.repeat(40)),
          extension: 'mp3',
        },
        'a video without sound': { data: await makeMediaFile('mp4', 2), extension: 'm4a' },
        'an ID3 tag before noise': {
          data: Buffer.concat([mp3Tone.data.subarray(0, 10), Buffer.alloc(8000, 0x5a)]),
          extension: 'mp3',
        },
      };
      const ownerId = await createOwner(testApp.app);
      for (const [name, { data, extension }] of Object.entries(notAudio)) {
        const publicId = await uploadForProcessing(testApp.app, { ownerId, kind: 'audio', data, extension });
        const asset = await waitUntilProcessed(testApp.app, publicId);
        expect({ name, status: asset.status, failureReason: asset.failureReason }).toEqual({
          name,
          status: 'failed',
          failureReason: PROCESSING_FAILURES.notAnAudio,
        });
        expect(asset.variants).toEqual({ original: `${publicId}/original.${extension}` });
        const [job] = await testApp.app.db.select().from(jobs).where(eq(jobs.payload, { publicId }));
        expect({ name, status: job?.status, attempts: job?.attempts }).toEqual({
          name,
          status: 'failed',
          attempts: 1,
        });
      }
    },
    PROCESSING_TIMEOUT_MS,
  );
});

describe('reading the waveform of decoded audio', () => {
  it('takes the largest absolute sample of each equal run, as a fraction of full scale', async () => {
    const samples = new Int16Array(4000);
    // Four runs of 1000: a quarter scale, silence, full scale (negative), half scale once.
    samples.fill(8192, 0, 1000);
    samples[2500] = -32768;
    samples[3999] = 16384;
    const file = path.join(scratch, 'samples.pcm');
    await fs.writeFile(file, Buffer.from(samples.buffer));
    expect(await readWaveform(file, { count: 4 })).toEqual({ peaks: [0.25, 0, 1, 0.5], sampleCount: 4000 });

    // Fewer samples than bars: the bars without one are 0; an empty file is all zeros.
    await fs.writeFile(file, Buffer.from(new Int16Array([-3277, 3277]).buffer));
    expect(await readWaveform(file, { count: 4 })).toEqual({ peaks: [0.1, 0, 0.1, 0], sampleCount: 2 });
    await fs.writeFile(file, Buffer.alloc(0));
    expect((await readWaveform(file)).peaks).toEqual(new Array(200).fill(0));
  });
});
