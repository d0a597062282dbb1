import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type { App } from '../../../app.ts';
import { type JobRow, jobs, users } from '../../../db/schema/index.ts';
import { waitFor } from '../../../jobs/test-jobs.ts';
import { signUpAccount } from '../../../test/factories/people.ts';
import { findMediaTools } from './media-tools.ts';
import { runTool } from './run-tool.ts';

/**
 * A video made by ffmpeg's test source (moving colour bars and a counter) with a 440 Hz
 * tone (none with `hasAudio: false`), as the bytes of an MP4 file. `rotation` stores it as
 * a phone does: the pixels as filmed and a display matrix that turns them upright (90: a
 * 1280×720 file plays 720 wide, 1280 high).
 */
export async function makeTestVideo(options: {
  seconds: number;
  width: number;
  height: number;
  fps?: number;
  hasAudio?: boolean;
  rotation?: 90 | 270;
}): Promise<Buffer> {
  const { ffmpeg } = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-test-video-'));
  try {
    const file = path.join(dir, 'source.mp4');
    const { seconds, width, height, fps = 25, hasAudio = true } = options;
    await runTool(
      ffmpeg,
      [
        ...['-nostdin', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${width}x${height}:rate=${fps}`],
        ...(hasAudio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`] : []),
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
        ...(hasAudio ? ['-c:a', 'aac', '-shortest'] : []),
        file,
      ],
      { timeoutMs: 120_000 },
    );
    if (!options.rotation) return await fs.readFile(file);
    // ffmpeg (5.1, as the 2018 build) writes a 'rotate' tag as the stream's display matrix.
    const rotated = path.join(dir, 'rotated.mp4');
    await runTool(
      ffmpeg,
      [
        ...['-nostdin', '-loglevel', 'error', '-y', '-i', file, '-map', '0', '-c', 'copy'],
        ...['-metadata:s:v:0', `rotate=${options.rotation}`, rotated],
      ],
      { timeoutMs: 60_000 },
    );
    return await fs.readFile(rotated);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export type TestAudioFormat = 'mp3' | 'wav' | 'flac' | 'opus' | 'vorbis' | 'm4a' | 'aac' | 'webm';

/** How ffmpeg writes each format: codec and muxer, and the name the file is uploaded under. */
const AUDIO_FORMATS: Record<TestAudioFormat, { args: string[]; name: string }> = {
  mp3: { args: ['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3'], name: 'tone.mp3' },
  wav: { args: ['-c:a', 'pcm_s16le', '-f', 'wav'], name: 'tone.wav' },
  flac: { args: ['-c:a', 'flac', '-f', 'flac'], name: 'tone.flac' },
  opus: { args: ['-c:a', 'libopus', '-b:a', '96k', '-f', 'ogg'], name: 'tone.opus' },
  vorbis: { args: ['-c:a', 'libvorbis', '-f', 'ogg'], name: 'tone.ogg' },
  // The 'ipod' muxer writes the 'M4A ' brand an audio-only MP4 from iTunes or a phone has.
  m4a: { args: ['-c:a', 'aac', '-b:a', '128k', '-f', 'ipod'], name: 'tone.m4a' },
  // Raw AAC in ADTS frames, as some voice recorders save it.
  aac: { args: ['-c:a', 'aac', '-b:a', '128k', '-f', 'adts'], name: 'tone.aac' },
  webm: { args: ['-c:a', 'libopus', '-b:a', '96k', '-f', 'webm'], name: 'tone.webm' },
};

/**
 * A sine tone (440 Hz unless said) as the bytes of an audio file in `format`, mono at
 * 44.1 kHz. ffmpeg's sine peaks at -18 dBFS; `gainDb` moves it (-12: a quiet -30 dBFS).
 */
export async function makeTestAudio(options: {
  format: TestAudioFormat;
  seconds: number;
  gainDb?: number;
  frequency?: number;
}): Promise<{ data: Buffer; name: string }> {
  const { ffmpeg } = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  const { args, name } = AUDIO_FORMATS[options.format];
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stagepass-test-audio-'));
  try {
    const file = path.join(dir, name);
    const tone = `sine=frequency=${options.frequency ?? 440}:sample_rate=44100:duration=${options.seconds}`;
    await runTool(
      ffmpeg,
      [
        ...['-nostdin', '-loglevel', 'error', '-y'],
        ...['-f', 'lavfi', '-i', `${tone},volume=${options.gainDb ?? 0}dB`],
        ...args,
        file,
      ],
      { timeoutMs: 120_000 },
    );
    return { data: await fs.readFile(file), name };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export type ProbedStream = {
  codec_type: string;
  codec_name: string;
  profile?: string;
  channels?: number;
  sample_rate?: string;
  bit_rate?: string;
};

/** What ffprobe reads in a media file: its streams, duration and overall bit rate. */
export async function probeFile(
  file: string,
): Promise<{ streams: ProbedStream[]; duration: number; bitRate: number; formatName: string }> {
  const { ffprobe } = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  const output = await runTool(
    ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    { timeoutMs: 30_000 },
  );
  const parsed = JSON.parse(output) as {
    streams: ProbedStream[];
    format: { duration: string; bit_rate: string; format_name: string };
  };
  return {
    streams: parsed.streams,
    duration: Number(parsed.format.duration),
    bitRate: Number(parsed.format.bit_rate),
    formatName: parsed.format.format_name,
  };
}

/**
 * How loud a file is, or a part of it (`from`, `seconds`): ffmpeg's volumedetect (mean and
 * maximum in dBFS) and its EBU R128 meter (integrated loudness in LUFS). Both print on
 * stderr, which runTool does not hand back, hence execFile.
 */
export async function measureLoudness(
  file: string,
  part: { from?: number; seconds?: number } = {},
): Promise<{ meanDb: number; maxDb: number; integratedLufs: number }> {
  const { ffmpeg } = await findMediaTools({ ffmpegPath: undefined, ffprobePath: undefined });
  const { stderr } = await promisify(execFile)(
    ffmpeg,
    [
      ...['-nostdin', '-hide_banner', '-nostats'],
      ...(part.from === undefined ? [] : ['-ss', String(part.from)]),
      ...(part.seconds === undefined ? [] : ['-t', String(part.seconds)]),
      ...['-i', file, '-af', 'volumedetect,ebur128', '-f', 'null', '-'],
    ],
    { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 },
  );
  const read = (pattern: RegExp) => {
    // The last match: ebur128 prints its running values before the summary.
    const value = [...stderr.matchAll(pattern)].at(-1)?.[1];
    if (value === undefined) throw new Error(`no ${pattern} in ffmpeg's output:\n${stderr.slice(-2000)}`);
    return Number(value);
  };
  return {
    meanDb: read(/mean_volume: (-?[\d.]+|-inf) dB/g),
    maxDb: read(/max_volume: (-?[\d.]+|-inf) dB/g),
    integratedLufs: read(/I:\s+(-?[\d.]+|-inf) LUFS/g),
  };
}

/** The id of a fresh account, signed up as a person would. */
export async function createOwner(app: App): Promise<string> {
  const account = await signUpAccount(app);
  const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  return user!.id;
}

/** A stored file's bytes. */
export async function readStored(app: App, key: string): Promise<Buffer> {
  const stream = await app.mediaStore.open(key);
  if (!stream) throw new Error(`no stored file ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The job of an upload once it has `status` (a ready asset's job is marked done a moment later). */
export async function waitForJobOf(app: App, publicId: string, status: JobRow['status']): Promise<JobRow> {
  return waitFor(
    async () => {
      const [job] = await app.db.select().from(jobs).where(eq(jobs.payload, { publicId }));
      return job?.status === status ? job : undefined;
    },
    { what: `the job of ${publicId} to be ${status}` },
  );
}
