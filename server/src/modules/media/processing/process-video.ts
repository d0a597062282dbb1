import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { streamingFolderOf } from '../folder-token.ts';
import { streamingVariantName } from '../media-access.ts';
import { describeLadder, encodeLadder, ladderModeOf } from './hls-ladder.ts';
import { detectVideoContainer, readContainerHeader } from './media-container.ts';
import { probeMedia } from './probe-media.ts';
import type { ProcessedFile, ProcessedMedia, ProcessorInput } from './processed-media.ts';
import { MediaRejectedError, PROCESSING_FAILURES, rejectWhenRefused } from './processing-failures.ts';
import { makeThumbnailStrip } from './thumbnail-strip.ts';
import { AUDIO_RUNG, planLadder } from './video-ladder.ts';
import { cutPreview, grabFrame } from './video-renditions.ts';

const PLACEHOLDER_WIDTH = 24;
/** Of the progress reported, the ladder's share; the preview, thumbnails and poster the rest. */
const LADDER_PERCENT = 90;

/**
 * A video: its HLS ladder in `<publicId>/hls/` (video-ladder.ts, hls-ladder.ts) with a
 * thumbnail strip for the seek bar, the first 30 seconds as a progressive MP4 at the
 * lowest rung's size (what a viewer without access gets), a JPEG poster frame of the highest
 * rung and a tiny blurred placeholder. Width, height and duration are the highest rung's
 * (upright, as played).
 */
export async function processVideo(input: ProcessorInput): Promise<ProcessedMedia> {
  const { publicId, originalFile, workDir, signal } = input;
  const reportPercent = input.onProgress ?? (() => {});
  const demuxer = detectVideoContainer(await readContainerHeader(originalFile));
  if (!demuxer) throw new MediaRejectedError(PROCESSING_FAILURES.notAVideo, 'unknown container');
  const tools = await input.tools();
  const { ffmpeg, ffprobe } = tools;

  const source = await probeMedia(ffprobe, originalFile, demuxer, signal).catch(
    rejectWhenRefused(PROCESSING_FAILURES.notAVideo),
  );
  if (!source.video) throw new MediaRejectedError(PROCESSING_FAILURES.notAVideo, 'no video stream');

  const plan = planLadder({ ...source.video, hasAudio: source.hasAudio });
  const hlsDir = path.join(workDir, 'hls');
  await fs.mkdir(hlsDir);
  await encodeLadder(ladderModeOf(tools), {
    ffmpeg,
    ffprobe,
    signal,
    input: originalFile,
    demuxer,
    outputDir: hlsDir,
    plan,
    durationSeconds: source.durationSeconds,
    onProgress: (share) => reportPercent(Math.floor(share * LADDER_PERCENT)),
  }).catch(rejectWhenRefused(PROCESSING_FAILURES.videoNotConverted));
  const renditions = await describeLadder(hlsDir);

  const lowest = path.join(hlsDir, `${plan.videoRungs[0]!.name}.mp4`);
  const highest = path.join(hlsDir, `${plan.videoRungs.at(-1)!.name}.mp4`);
  const rendition = await probeMedia(ffprobe, highest, 'mov', signal);
  if (!rendition.video) throw new Error('the highest rendition has no video stream');
  const durationSeconds = rendition.durationSeconds ?? source.durationSeconds;

  const preview = path.join(workDir, 'preview.mp4');
  await cutPreview({ ffmpeg, signal, input: originalFile, demuxer, plan, output: preview });
  reportPercent(LADDER_PERCENT + 3);
  await makeThumbnailStrip({
    ffmpeg,
    signal,
    video: lowest,
    durationSeconds: durationSeconds ?? 0,
    workDir,
    outputDir: hlsDir,
  });
  reportPercent(LADDER_PERCENT + 6);
  const frame = path.join(workDir, 'frame.png');
  await grabFrame({ ffmpeg, signal, video: highest, output: frame, durationSeconds });
  const [poster, placeholder] = await Promise.all([
    sharp(frame).jpeg({ quality: 82, progressive: true, mozjpeg: true }).toBuffer(),
    sharp(frame).resize(PLACEHOLDER_WIDTH).blur(1.2).webp({ quality: 40 }).toBuffer(),
  ]);
  reportPercent(LADDER_PERCENT + 8);

  return {
    files: [
      ...(await listStreamingFiles(publicId, hlsDir)),
      { name: 'preview', key: `${publicId}/preview.mp4`, body: { path: preview }, contentType: 'video/mp4' },
      { name: 'poster', key: `${publicId}/poster.jpg`, body: poster, contentType: 'image/jpeg' },
      {
        name: 'placeholder',
        key: `${publicId}/placeholder.webp`,
        body: placeholder,
        contentType: 'image/webp',
      },
    ],
    width: rendition.video.width,
    height: rendition.video.height,
    durationSeconds,
    renditions,
  };
}

const STREAMING_CONTENT_TYPES: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mp4': 'video/mp4',
  '.jpg': 'image/jpeg',
  '.vtt': 'text/vtt',
};

/**
 * Every file of the hls folder, each a variant named 'hls/<file>' (so the asset's delete
 * removes them all): the playlists, one file per rendition and the thumbnail strip.
 */
async function listStreamingFiles(publicId: string, hlsDir: string): Promise<ProcessedFile[]> {
  const folder = streamingFolderOf(publicId);
  const names = (await fs.readdir(hlsDir)).sort();
  return names.map((name) => {
    const contentType =
      name === `${AUDIO_RUNG}.mp4` ? 'audio/mp4' : STREAMING_CONTENT_TYPES[path.extname(name)];
    if (!contentType) throw new Error(`an unexpected file in the hls folder: ${name}`);
    return {
      name: streamingVariantName(name),
      key: `${folder}/${name}`,
      body: { path: path.join(hlsDir, name) },
      contentType,
    };
  });
}
