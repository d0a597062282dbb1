import fs from 'node:fs/promises';
import path from 'node:path';
import type { MediaRendition } from '../../../db/schema/index.ts';
import { createProgressReader, PROGRESS_ARGS } from './ffmpeg-progress.ts';
import {
  type LadderVariant,
  MASTER_PLAYLIST,
  readAvcCodec,
  readMasterPlaylist,
  writeMasterPlaylist,
} from './hls-playlists.ts';
import type { Demuxer } from './media-container.ts';
import { ffmpegThreads, type MediaTools } from './media-tools.ts';
import { probeMedia } from './probe-media.ts';
import { runTool } from './run-tool.ts';
import {
  AUDIO_CODEC_ARGS,
  AUDIO_KBPS,
  AUDIO_RUNG,
  bandwidthOf,
  frameRateFilterOf,
  HLS_MUXER_ARGS,
  type LadderPlan,
  rateCapArgs,
  scaleFilterOf,
  type VideoRung,
  videoCodecArgs,
} from './video-ladder.ts';

/**
 * Encodes a video's HLS ladder (video-ladder.ts) into `outputDir`: master.m3u8, and per
 * rendition `<name>.m3u8` with its single file `<name>.mp4`. Two ways, one result:
 *
 * - one-pass: a maintained ffmpeg decodes the source once, splits it to every rung and
 *   writes all renditions and the master playlist in one run (-var_stream_map);
 * - one rendition per run: for the npm-shipped 2018 build, which crashes on the one-pass
 *   command; each run decodes the source again, and our code writes the master in the
 *   form ffmpeg's has.
 *
 * Each video rung carries its sound (AAC, the same as the audio-only rendition's) rather
 * than naming an audio group: hls.js's light build, the one the web app loads, plays no
 * alternate audio, so a rung without its own sound would play silent there.
 */
export type LadderRun = {
  ffmpeg: string;
  ffprobe: string;
  signal: AbortSignal;
  input: string;
  demuxer: Demuxer;
  outputDir: string;
  plan: LadderPlan;
  durationSeconds: number | null;
  /** How much of the ladder is encoded, 0..1. */
  onProgress: (share: number) => void;
};

const QUIET = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
// A phone's video carries where it was filmed: no metadata, no chapters reach a rendition.
const NO_METADATA = ['-map_metadata', '-1', '-map_chapters', '-1'];

export async function encodeLadderInOnePass(run: LadderRun): Promise<void> {
  const { plan } = run;
  const rungs = plan.videoRungs;
  const capFilter = frameRateFilterOf(plan);
  const splitOutputs = rungs.map((_, index) => `[s${index}]`).join('');
  const split = `[0:v:0]${capFilter ? `${capFilter},` : ''}split=${rungs.length}${splitOutputs}`;
  const scales = rungs.map((rung, index) => `[s${index}]${scaleFilterOf(rung)}[v${index}]`);
  // The sound is mapped once per video rung and once for the audio-only rendition.
  const audioCopies = plan.hasAudio ? rungs.length + 1 : 0;
  const streamMap = [
    ...rungs.map((rung, index) => `v:${index}${plan.hasAudio ? `,a:${index}` : ''},name:${rung.name}`),
    ...(plan.hasAudio ? [`a:${rungs.length},name:${AUDIO_RUNG}`] : []),
  ].join(' ');
  const args = [
    ...QUIET,
    ...['-f', run.demuxer, '-i', run.input],
    ...['-filter_complex', [split, ...scales].join(';')],
    ...rungs.flatMap((_, index) => ['-map', `[v${index}]`]),
    ...Array.from({ length: audioCopies }, () => ['-map', '0:a:0']).flat(),
    ...NO_METADATA,
    ...videoCodecArgs(plan),
    ...rungs.flatMap((rung, index) => rateCapArgs(rung, `:v:${index}`)),
    ...(plan.hasAudio ? AUDIO_CODEC_ARGS : []),
    ...['-threads', String(ffmpegThreads()), '-max_muxing_queue_size', '1024'],
    ...HLS_MUXER_ARGS,
    ...['-master_pl_name', MASTER_PLAYLIST, '-var_stream_map', streamMap],
    ...['-hls_segment_filename', path.join(run.outputDir, '%v.mp4')],
    ...PROGRESS_ARGS,
    path.join(run.outputDir, '%v.m3u8'),
  ];
  await runTool(run.ffmpeg, args, {
    signal: run.signal,
    timeoutMs: timeoutFor(run.durationSeconds),
    onStdout: createProgressReader(run.durationSeconds, run.onProgress),
  });
}

export async function encodeLadderPerRendition(run: LadderRun): Promise<void> {
  const { plan } = run;
  // Each run's share of the work: its pixels; the audio-only run costs about a twentieth of 240p's.
  const weights = [
    ...plan.videoRungs.map((rung) => rung.shortSide ** 2),
    ...(plan.hasAudio ? [240 ** 2 / 20] : []),
  ];
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let done = 0;
  const progressOfRun = (index: number) =>
    createProgressReader(run.durationSeconds, (share) =>
      run.onProgress((done + share * weights[index]!) / total),
    );

  const videoVariants: LadderVariant[] = [];
  for (const [index, rung] of plan.videoRungs.entries()) {
    await encodeOneRendition(run, rung.name, videoRungArgs(plan, rung), progressOfRun(index));
    videoVariants.push(await describeVideoRendition(run, rung));
    done += weights[index]!;
  }
  if (plan.hasAudio) {
    const args = ['-map', '0:a:0', '-vn', ...AUDIO_CODEC_ARGS];
    await encodeOneRendition(run, AUDIO_RUNG, args, progressOfRun(plan.videoRungs.length));
  }
  const master = writeMasterPlaylist({
    videoVariants,
    audioOnly: plan.hasAudio ? { uri: `${AUDIO_RUNG}.m3u8`, bandwidth: bandwidthOf(0, AUDIO_KBPS) } : null,
  });
  await fs.writeFile(path.join(run.outputDir, MASTER_PLAYLIST), master);
  run.onProgress(1);
}

function videoRungArgs(plan: LadderPlan, rung: VideoRung): string[] {
  const filters = [frameRateFilterOf(plan), scaleFilterOf(rung)].filter(Boolean).join(',');
  return [
    ...['-map', '0:v:0', ...(plan.hasAudio ? ['-map', '0:a:0'] : [])],
    ...['-vf', filters, ...videoCodecArgs(plan), ...rateCapArgs(rung)],
    ...(plan.hasAudio ? AUDIO_CODEC_ARGS : []),
  ];
}

async function encodeOneRendition(
  run: LadderRun,
  name: string,
  streamArgs: string[],
  onStdout: (text: string) => void,
): Promise<void> {
  const args = [
    ...QUIET,
    ...['-f', run.demuxer, '-i', run.input],
    ...streamArgs,
    ...NO_METADATA,
    ...['-threads', String(ffmpegThreads()), '-max_muxing_queue_size', '1024'],
    ...HLS_MUXER_ARGS,
    ...['-hls_segment_filename', path.join(run.outputDir, `${name}.mp4`)],
    ...PROGRESS_ARGS,
    path.join(run.outputDir, `${name}.m3u8`),
  ];
  await runTool(run.ffmpeg, args, {
    signal: run.signal,
    timeoutMs: timeoutFor(run.durationSeconds),
    onStdout,
  });
}

/** What the master says of a video rung: its size as encoded (upright), codec and peak rate. */
async function describeVideoRendition(run: LadderRun, rung: VideoRung): Promise<LadderVariant> {
  const file = path.join(run.outputDir, `${rung.name}.mp4`);
  const probe = await probeMedia(run.ffprobe, file, 'mov', run.signal);
  if (!probe.video) throw new Error(`the ${rung.name} rendition has no video stream`);
  return {
    uri: `${rung.name}.m3u8`,
    bandwidth: bandwidthOf(rung.maxKbps, run.plan.hasAudio ? AUDIO_KBPS : 0),
    width: probe.video.width,
    height: probe.video.height,
    videoCodec: await readAvcCodec(file),
  };
}

/**
 * The ladder as the master playlist states it, lowest bandwidth first (the audio-only
 * rendition, then the video rungs), with each rendition's file size: what a fan
 * downloads to watch it all at that quality (a video rung carries its sound).
 */
export async function describeLadder(outputDir: string): Promise<MediaRendition[]> {
  const master = readMasterPlaylist(await fs.readFile(path.join(outputDir, MASTER_PLAYLIST), 'utf8'));
  const renditions = await Promise.all(
    master.variants.map(async (variant) => {
      const name = path.basename(variant.uri, '.m3u8');
      const { size } = await fs.stat(path.join(outputDir, `${name}.mp4`));
      return {
        name,
        width: variant.resolution?.width ?? null,
        height: variant.resolution?.height ?? null,
        bandwidth: variant.bandwidth,
        bytes: size,
      };
    }),
  );
  return renditions.sort((a, b) => a.bandwidth - b.bandwidth);
}

/** Generous: the job's lease keeps it ours; this only stops an ffmpeg that hangs. */
function timeoutFor(durationSeconds: number | null): number {
  return 15 * 60_000 + (durationSeconds ?? 3600) * 5_000;
}

export type LadderMode = 'one-pass' | 'per-rendition';

/**
 * The oldest ffmpeg given the one-pass ladder: 5.0 came out in 2022, and 5.1 (Debian
 * bookworm's) is the oldest it ran on here. The npm-shipped build of 2018 crashes on it.
 */
const FIRST_ONE_PASS_YEAR = 2022;

/**
 * One-pass with an ffmpeg from 2022 on, wherever it comes from; one rendition per run with
 * an older one (the npm-shipped 2018 build, or FFMPEG_PATH pointing at it), or one whose
 * age it cannot tell.
 */
export function ladderModeOf(tools: Pick<MediaTools, 'ffmpegYear'>): LadderMode {
  return tools.ffmpegYear !== null && tools.ffmpegYear >= FIRST_ONE_PASS_YEAR ? 'one-pass' : 'per-rendition';
}

export function encodeLadder(mode: LadderMode, run: LadderRun): Promise<void> {
  return mode === 'one-pass' ? encodeLadderInOnePass(run) : encodeLadderPerRendition(run);
}

/** What the start-up log says of video conversion: which ffmpeg, and how it makes the ladder. */
export function describeVideoConversion(tools: MediaTools): string {
  const origin = {
    setting: 'FFMPEG_PATH',
    system: 'the system’s ffmpeg',
    npm: 'the npm-shipped build',
  }[tools.source.ffmpeg];
  const age = tools.ffmpegYear === null ? 'of unknown age' : `of ${tools.ffmpegYear}`;
  return ladderModeOf(tools) === 'one-pass'
    ? `videos are converted by ${tools.ffmpeg} (${origin}, ${age}): the whole HLS ladder in one ffmpeg run`
    : `videos are converted by ${tools.ffmpeg} (${origin}, ${age}): one HLS rendition per ffmpeg run, as ` +
        `builds older than ${FIRST_ONE_PASS_YEAR} crash on the one-pass ladder, so a video takes longer; ` +
        'install a maintained ffmpeg (apt-get install ffmpeg) or set FFMPEG_PATH';
}
