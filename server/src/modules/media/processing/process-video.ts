import path from 'node:path';
import sharp from 'sharp';
import { detectVideoContainer, readContainerHeader } from './media-container.ts';
import { probeMedia } from './probe-media.ts';
import type { ProcessedMedia, ProcessorInput } from './processed-media.ts';
import { MediaRejectedError, PROCESSING_FAILURES, rejectWhenRefused } from './processing-failures.ts';
import { cutPreview, grabFrame, transcodeToMp4 } from './video-renditions.ts';

const PLACEHOLDER_WIDTH = 24;

/**
 * A video post: an H.264/AAC MP4 of at most 720p, its first 30 seconds as a preview, a
 * JPEG poster frame and a tiny blurred placeholder. Width, height and duration are those
 * of the MP4 (upright, as played).
 */
export async function processVideo(input: ProcessorInput): Promise<ProcessedMedia> {
  const { publicId, originalFile, workDir, signal } = input;
  const demuxer = detectVideoContainer(await readContainerHeader(originalFile));
  if (!demuxer) throw new MediaRejectedError(PROCESSING_FAILURES.notAVideo, 'unknown container');
  const { ffmpeg, ffprobe } = await input.tools();

  const source = await probeMedia(ffprobe, originalFile, demuxer, signal).catch(
    rejectWhenRefused(PROCESSING_FAILURES.notAVideo),
  );
  if (!source.video) throw new MediaRejectedError(PROCESSING_FAILURES.notAVideo, 'no video stream');

  const mp4 = path.join(workDir, 'video.mp4');
  await transcodeToMp4({
    ffmpeg,
    signal,
    input: originalFile,
    demuxer,
    output: mp4,
    durationSeconds: source.durationSeconds,
  }).catch(rejectWhenRefused(PROCESSING_FAILURES.videoNotConverted));
  const rendition = await probeMedia(ffprobe, mp4, 'mov', signal);
  if (!rendition.video) throw new Error('the MP4 rendition has no video stream');

  const preview = path.join(workDir, 'preview.mp4');
  await cutPreview({ ffmpeg, signal, mp4, output: preview });
  const frame = path.join(workDir, 'frame.png');
  await grabFrame({ ffmpeg, signal, mp4, output: frame, durationSeconds: rendition.durationSeconds });
  const [poster, placeholder] = await Promise.all([
    sharp(frame).jpeg({ quality: 82, progressive: true, mozjpeg: true }).toBuffer(),
    sharp(frame).resize(PLACEHOLDER_WIDTH).blur(1.2).webp({ quality: 40 }).toBuffer(),
  ]);

  return {
    files: [
      { name: 'video', key: `${publicId}/video.mp4`, body: { path: mp4 }, contentType: 'video/mp4' },
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
    durationSeconds: rendition.durationSeconds ?? source.durationSeconds,
  };
}
