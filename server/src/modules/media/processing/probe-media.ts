import { z } from 'zod';
import type { Demuxer } from './media-container.ts';
import { runTool } from './run-tool.ts';

export type MediaProbe = {
  /** Seconds, or null when the container does not say. */
  durationSeconds: number | null;
  /** The first real video stream (not a cover picture), as stored (before any rotation). */
  video: { width: number; height: number; codec: string; frameRate: number | null } | null;
  hasAudio: boolean;
  /** The first audio stream's bit rate (or the whole file's), in kb/s; null when unknown. */
  audioKbps: number | null;
  /** The first audio stream's codec (mp3, aac, opus, flac, pcm_s16le …); null without one. */
  audioCodec: string | null;
};

const ZProbeOutput = z.object({
  format: z.object({ duration: z.string().optional(), bit_rate: z.string().optional() }).optional(),
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        duration: z.string().optional(),
        bit_rate: z.string().optional(),
        avg_frame_rate: z.string().optional(),
        r_frame_rate: z.string().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).optional(),
      }),
    )
    .default([]),
});

const PROBE_TIMEOUT_MS = 60_000;

/** Rejects (ToolFailedError) when ffprobe cannot read the file as `demuxer`. */
export async function probeMedia(
  ffprobe: string,
  file: string,
  demuxer: Demuxer,
  signal?: AbortSignal,
): Promise<MediaProbe> {
  const output = await runTool(
    ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '-f', demuxer, '-i', file],
    { signal, timeoutMs: PROBE_TIMEOUT_MS },
  );
  const parsed = ZProbeOutput.parse(JSON.parse(output));
  const video = parsed.streams.find(
    (stream) =>
      stream.codec_type === 'video' &&
      stream.disposition?.attached_pic !== 1 &&
      (stream.width ?? 0) > 0 &&
      (stream.height ?? 0) > 0,
  );
  const duration = Number(parsed.format?.duration ?? video?.duration);
  const audio = parsed.streams.find((stream) => stream.codec_type === 'audio');
  const bitRate = Number(audio?.bit_rate ?? parsed.format?.bit_rate);
  return {
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
    video: video
      ? {
          width: video.width!,
          height: video.height!,
          codec: video.codec_name ?? 'unknown',
          frameRate: readFrameRate(video.avg_frame_rate) ?? readFrameRate(video.r_frame_rate),
        }
      : null,
    hasAudio: audio !== undefined,
    audioKbps: Number.isFinite(bitRate) && bitRate > 0 ? bitRate / 1000 : null,
    audioCodec: audio?.codec_name ?? null,
  };
}

/** '30000/1001' → 29.97; '0/0' (unknown) → null. */
function readFrameRate(ratio: string | undefined): number | null {
  const [numerator, denominator] = (ratio ?? '').split('/').map(Number);
  const rate = (numerator ?? Number.NaN) / (denominator ?? 1);
  return Number.isFinite(rate) && rate > 0 ? rate : null;
}
