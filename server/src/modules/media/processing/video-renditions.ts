import type { Demuxer } from './media-container.ts';
import { ffmpegThreads } from './media-tools.ts';
import { runTool } from './run-tool.ts';
import {
  AUDIO_CODEC_ARGS,
  frameRateFilterOf,
  type LadderPlan,
  rateCapArgs,
  scaleFilterOf,
  videoCodecArgs,
} from './video-ladder.ts';

/** What a viewer without access gets: the first 30 seconds, a file of its own. */
export const PREVIEW_SECONDS = 30;

type Run = { ffmpeg: string; signal?: AbortSignal };

const COMMON = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];

/**
 * The first 30 seconds (all of it when shorter) at the lowest rung's size and rates, as a
 * progressive MP4 with its index first (faststart), so it plays from a plain address in
 * any browser. Encoded from the original, not copied from the rung: a copy cut at 30 s
 * keeps the frames a cut-off B-frame needs and runs past 30 s.
 */
export async function cutPreview(
  run: Run & { input: string; demuxer: Demuxer; plan: LadderPlan; output: string },
): Promise<void> {
  const { plan } = run;
  const lowest = plan.videoRungs[0]!;
  const filters = [frameRateFilterOf(plan), scaleFilterOf(lowest)].filter(Boolean).join(',');
  const args = [
    ...COMMON,
    ...['-t', String(PREVIEW_SECONDS), '-f', run.demuxer, '-i', run.input],
    ...['-map', '0:v:0', ...(plan.hasAudio ? ['-map', '0:a:0'] : [])],
    ...['-map_metadata', '-1', '-map_chapters', '-1', '-vf', filters],
    ...videoCodecArgs(plan),
    ...rateCapArgs(lowest),
    ...(plan.hasAudio ? AUDIO_CODEC_ARGS : []),
    ...['-threads', String(ffmpegThreads()), '-t', String(PREVIEW_SECONDS)],
    ...['-movflags', '+faststart', '-f', 'mp4', run.output],
  ];
  await runTool(run.ffmpeg, args, { signal: run.signal, timeoutMs: 10 * 60_000 });
}

/**
 * One frame of a rendition as PNG (sharp makes the served poster from it): 1 s in, or a
 * tenth of the way for a video shorter than 10 s, so it is rarely the black first frame.
 * Seeks by decoding from the start (-ss after the input), at most a second of it: the
 * 2018 build seeking in the input loops for ever on an fMP4 rendition with sound.
 */
export async function grabFrame(
  run: Run & { video: string; output: string; durationSeconds: number | null },
): Promise<void> {
  const at = Math.min(1, (run.durationSeconds ?? 0) * 0.1);
  const args = [
    ...COMMON,
    ...['-f', 'mov', '-i', run.video, '-ss', at.toFixed(3)],
    ...['-frames:v', '1', '-f', 'image2', '-c:v', 'png', run.output],
  ];
  await runTool(run.ffmpeg, args, { signal: run.signal, timeoutMs: 2 * 60_000 });
}
