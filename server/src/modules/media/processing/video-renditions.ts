import type { Demuxer } from './media-container.ts';
import { ffmpegThreads } from './media-tools.ts';
import { runTool } from './run-tool.ts';

/** At most 720p: the short side is at most this many pixels (720 × 1280 for a phone's 9:16). */
export const MAX_SHORT_SIDE = 720;
export const PREVIEW_SECONDS = 30;

type Run = { ffmpeg: string; signal?: AbortSignal };

const COMMON = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];

/**
 * Scales down (never up) so the short side is at most 720 px, keeping the aspect ratio
 * with even sides (H.264 in 4:2:0 needs them). ffmpeg has already turned a phone's
 * rotated video upright before this filter sees it. Quotes keep the commas inside the
 * expressions from splitting the filter chain.
 */
const SCALE_FILTER =
  `scale=w='if(gte(iw,ih),-2,min(${MAX_SHORT_SIDE},trunc(iw/2)*2))'` +
  `:h='if(gte(iw,ih),min(${MAX_SHORT_SIDE},trunc(ih/2)*2),-2)',format=yuv420p`;

/**
 * The MP4 everyone plays: H.264 (High profile, CRF 23, preset veryfast: a fair size for
 * what two shared cores can encode) and AAC stereo at 128 kb/s, moov atom first
 * (faststart) so playback starts before the whole file arrives. Metadata is dropped: a
 * phone's video carries where it was filmed.
 */
export async function transcodeToMp4(
  run: Run & { input: string; demuxer: Demuxer; output: string; durationSeconds: number | null },
): Promise<void> {
  const args = [
    ...COMMON,
    '-f',
    run.demuxer,
    '-i',
    run.input,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-vf',
    SCALE_FILTER,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-profile:v',
    'high',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    '-threads',
    String(ffmpegThreads()),
    '-max_muxing_queue_size',
    '1024',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    run.output,
  ];
  // Generous: the lease keeps the job ours; this only stops an ffmpeg that hangs.
  const timeoutMs = 15 * 60_000 + (run.durationSeconds ?? 3600) * 5_000;
  await runTool(run.ffmpeg, args, { signal: run.signal, timeoutMs });
}

/**
 * The first 30 seconds of the MP4 rendition (all of it when shorter), copied without
 * re-encoding: the same codecs and settings, and it starts on the first key frame.
 */
export async function cutPreview(run: Run & { mp4: string; output: string }): Promise<void> {
  const args = [
    ...COMMON,
    '-f',
    'mov',
    '-i',
    run.mp4,
    '-map',
    '0',
    '-c',
    'copy',
    '-t',
    String(PREVIEW_SECONDS),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    run.output,
  ];
  await runTool(run.ffmpeg, args, { signal: run.signal, timeoutMs: 5 * 60_000 });
}

/**
 * One frame of the rendition as PNG (sharp makes the served poster from it): 1 s in, or
 * a tenth of the way for a video shorter than 10 s, so it is rarely the black first frame.
 */
export async function grabFrame(
  run: Run & { mp4: string; output: string; durationSeconds: number | null },
): Promise<void> {
  const at = Math.min(1, (run.durationSeconds ?? 0) * 0.1);
  const args = [
    ...COMMON,
    '-ss',
    at.toFixed(3),
    '-f',
    'mov',
    '-i',
    run.mp4,
    '-frames:v',
    '1',
    '-f',
    'image2',
    '-c:v',
    'png',
    run.output,
  ];
  await runTool(run.ffmpeg, args, { signal: run.signal, timeoutMs: 2 * 60_000 });
}
