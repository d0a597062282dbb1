import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { runTool } from './run-tool.ts';

/**
 * The frames a player shows above its seek bar while a fan drags it: small frames taken
 * at a regular step, in ONE sprite image (one request, not a hundred), and a WebVTT file
 * whose cues name each frame's rectangle in it (`thumbnails.jpg#xywh=x,y,w,h`, the form
 * video players read). The address is relative, so the folder's token carries over.
 */
export const THUMBNAIL_WIDTH = 160;
const MAX_THUMBNAILS = 100;
const MIN_STEP_SECONDS = 2;
const COLUMNS = 10;
export const SPRITE_FILE = 'thumbnails.jpg';
export const THUMBNAILS_VTT = 'thumbnails.vtt';

/** Seconds between two frames: every 2 s, or further apart so that at most 100 are taken. */
export function thumbnailStepOf(durationSeconds: number): number {
  return Math.max(MIN_STEP_SECONDS, durationSeconds / MAX_THUMBNAILS);
}

/**
 * Takes the frames from `video` (the lowest rung: the cheapest to decode, and larger than
 * a thumbnail) and writes the sprite and the cues into `outputDir`.
 */
export async function makeThumbnailStrip(options: {
  ffmpeg: string;
  signal: AbortSignal;
  video: string;
  durationSeconds: number;
  workDir: string;
  outputDir: string;
}): Promise<void> {
  const step = thumbnailStepOf(options.durationSeconds);
  const framesDir = await fs.mkdtemp(path.join(options.workDir, 'thumbnails-'));
  // fps as a whole-number ratio: frames at 0, step, 2·step … (the nearest frame to each).
  const fps = `1000/${Math.round(step * 1000)}`;
  const args = [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'mov', '-i', options.video, '-an'],
    ...['-vf', `fps=${fps},scale=${THUMBNAIL_WIDTH}:-2`],
    ...['-frames:v', String(MAX_THUMBNAILS), '-f', 'image2', '-c:v', 'png'],
    path.join(framesDir, '%03d.png'),
  ];
  await runTool(options.ffmpeg, args, { signal: options.signal, timeoutMs: 5 * 60_000 });
  // ffmpeg may add a frame at the very end; a frame starts every step before the end.
  const wanted = Math.max(1, Math.ceil(options.durationSeconds / step - 1e-6));
  const frames = (await fs.readdir(framesDir))
    .sort()
    .slice(0, wanted)
    .map((name) => path.join(framesDir, name));
  if (frames.length === 0) throw new Error('no thumbnail frames');

  const first = await sharp(frames[0]).metadata();
  const tile = { width: first.width ?? THUMBNAIL_WIDTH, height: first.height ?? 90 };
  const columns = Math.min(COLUMNS, frames.length);
  const rows = Math.ceil(frames.length / columns);
  const sprite = await sharp({
    create: { width: tile.width * columns, height: tile.height * rows, channels: 3, background: '#000000' },
  })
    .composite(
      frames.map((input, index) => ({
        input,
        left: (index % columns) * tile.width,
        top: Math.floor(index / columns) * tile.height,
      })),
    )
    .jpeg({ quality: 70, mozjpeg: true })
    .toBuffer();
  await fs.writeFile(path.join(options.outputDir, SPRITE_FILE), sprite);
  const vtt = writeThumbnailCues({
    count: frames.length,
    step,
    durationSeconds: options.durationSeconds,
    tile,
    columns,
  });
  await fs.writeFile(path.join(options.outputDir, THUMBNAILS_VTT), vtt);
}

/** The WebVTT: frame i covers [i·step, (i+1)·step), the last one until the end. */
export function writeThumbnailCues(options: {
  count: number;
  step: number;
  durationSeconds: number;
  tile: { width: number; height: number };
  columns: number;
}): string {
  const { count, step, tile, columns } = options;
  const cues: string[] = ['WEBVTT', ''];
  for (let index = 0; index < count; index++) {
    const start = index * step;
    const end = index === count - 1 ? Math.max(options.durationSeconds, start + 0.001) : (index + 1) * step;
    const x = (index % columns) * tile.width;
    const y = Math.floor(index / columns) * tile.height;
    cues.push(
      `${formatCueTime(start)} --> ${formatCueTime(end)}`,
      `${SPRITE_FILE}#xywh=${x},${y},${tile.width},${tile.height}`,
      '',
    );
  }
  return cues.join('\n');
}

/** hh:mm:ss.ttt */
function formatCueTime(seconds: number): string {
  const milliseconds = Math.round(seconds * 1000);
  const hours = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor((milliseconds % 3_600_000) / 60_000);
  const rest = ((milliseconds % 60_000) / 1000).toFixed(3).padStart(6, '0');
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}:${rest}`;
}
