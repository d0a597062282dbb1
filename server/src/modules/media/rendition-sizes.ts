import type { MediaRendition } from '../../db/schema/index.ts';

/**
 * What each quality of a video costs a fan to watch, from media_assets.renditions: the
 * watch page shows it before play ("≈ 2 MB a minute"), because fans pay for every
 * megabyte. A rendition's stored bytes are its whole download: a video rung carries its
 * sound, "audio only" is the sound alone.
 */
export type QualitySize = {
  /** '240p', '360p', '720p' or 'audio'. */
  name: string;
  width: number | null;
  height: number | null;
  /** The whole video at this quality. */
  bytes: number;
  /** One minute of it; null when the duration is unknown. */
  bytesPerMinute: number | null;
};

/** Every quality in the ladder's order (lowest first). */
export function listQualitySizes(
  renditions: readonly MediaRendition[],
  durationSeconds: number | null,
): QualitySize[] {
  const minutes = durationSeconds && durationSeconds > 0 ? durationSeconds / 60 : null;
  return renditions.map(({ name, width, height, bytes }) => ({
    name,
    width,
    height,
    bytes,
    bytesPerMinute: minutes ? Math.round(bytes / minutes) : null,
  }));
}
