import type { TAudio } from '@stagepass/contract/audio';
import { PREVIEW_SECONDS } from './player-constants';

/**
 * The file the player plays for a track, and what the listener may do with it. The full
 * rendition (or its data-saver twin) for whoever may hear it all; the preview, a file of
 * its own cut on the server, for everyone else, with seeking off and a stop at 30 s.
 */
export type PlaybackSource = {
  kind: 'full' | 'data-saver' | 'preview';
  url: string;
  canSeek: boolean;
  /** Where playback must stop (seconds), whatever the file's length; null for no limit. */
  limitSeconds: number | null;
};

/** The author and whoever has paid (a public track, a pass, an unlock) hear the whole track. */
export function hasFullAccess(track: Pick<TAudio, 'profileInteraction' | 'hasPaid'>): boolean {
  return track.profileInteraction === 'AUTHOR' || track.hasPaid;
}

/** What to play; null while nothing can be played (the audio is still processing, or failed). */
export function choosePlaybackSource(
  track: Pick<TAudio, 'profileInteraction' | 'hasPaid' | 'audio_asset'>,
  { isDataSaverOn }: { isDataSaverOn: boolean },
): PlaybackSource | null {
  const { secure_url, data_saver_url, preview_url } = track.audio_asset;
  if (hasFullAccess(track)) {
    // Each stands in for the other when one rendition is missing.
    const url = isDataSaverOn ? (data_saver_url ?? secure_url) : (secure_url ?? data_saver_url);
    if (!url) return null;
    return { kind: url === secure_url ? 'full' : 'data-saver', url, canSeek: true, limitSeconds: null };
  }
  if (!preview_url) return null;
  return { kind: 'preview', url: preview_url, canSeek: false, limitSeconds: PREVIEW_SECONDS };
}

/**
 * Whether playback has reached the preview's end. The preview file is 30 s long already;
 * this guards a longer file too. A few hundredths early, because a timer rarely lands on
 * the exact instant.
 */
export function isPastPreviewLimit(
  source: Pick<PlaybackSource, 'limitSeconds'> | null | undefined,
  position: number,
) {
  return source?.limitSeconds != null && position >= source.limitSeconds - 0.05;
}

/**
 * Which file is loaded, apart from its signature: a refetch that signs the same file anew
 * must not make the player load it again and lose its place.
 */
export function readSourceKey(audioId: string, source: PlaybackSource | null): string {
  return source ? `${audioId}:${source.kind}` : `${audioId}:none`;
}
