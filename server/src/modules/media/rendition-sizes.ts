import type { MediaRendition } from '../../db/schema/index.ts';
import { AUDIO_RUNG } from './processing/video-ladder.ts';

/**
 * What each quality of a video costs a fan to watch, from media_assets.renditions: the
 * watch page shows it before play ("≈ 2 MB a minute"), because fans pay for every
 * megabyte. A video rung's stored bytes are its video only; the player fetches the audio
 * rendition with it, so a video quality's download is both. "Audio only" is the audio.
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

/** Every quality, lowest first (audio only, then the video rungs as stored). */
export function listQualitySizes(
  renditions: readonly MediaRendition[],
  durationSeconds: number | null,
): QualitySize[] {
  return renditions.map((rendition) => {
    const bytes = downloadBytesOf(renditions, rendition);
    return {
      name: rendition.name,
      width: rendition.width,
      height: rendition.height,
      bytes,
      bytesPerMinute:
        durationSeconds && durationSeconds > 0 ? Math.round((bytes * 60) / durationSeconds) : null,
    };
  });
}

/** What a fan downloads to watch the whole video at `rendition`: a video rung with its sound. */
export function downloadBytesOf(renditions: readonly MediaRendition[], rendition: MediaRendition): number {
  if (rendition.name === AUDIO_RUNG) return rendition.bytes;
  const audio = renditions.find((candidate) => candidate.name === AUDIO_RUNG);
  return rendition.bytes + (audio?.bytes ?? 0);
}
