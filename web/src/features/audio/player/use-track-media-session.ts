import type { TAudio } from '@stagepass/contract/audio';
import type { RefObject } from 'react';
import { useMediaSession } from '../../../lib/use-media-session';

type TrackMediaSessionOptions = {
  track: TAudio | undefined;
  isPlaying: boolean;
  canSeek: boolean;
  onPlay: () => void;
  onPause: () => void;
  /** Null when there is no track before or after this one. */
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  onSeekTo: (seconds: number) => void;
};

/**
 * The lock screen for a track: its title, artist and cover; play, pause, previous and next;
 * seeking only where the listener may seek (never on a preview); and the position.
 */
export function useTrackMediaSession(
  audioRef: RefObject<HTMLAudioElement | null>,
  { track, isPlaying, canSeek, onPlay, onPause, onPrevious, onNext, onSeekTo }: TrackMediaSessionOptions,
) {
  useMediaSession(audioRef, {
    metadata: {
      title: track?.title,
      artist: track?.author.pageName,
      album: 'Stagepass',
      artwork: track?.cover_asset?.secure_url,
    },
    actions: {
      play: onPlay,
      pause: onPause,
      previoustrack: onPrevious,
      nexttrack: onNext,
      seekto: canSeek
        ? (details) => {
            if (details.seekTime !== undefined) onSeekTo(details.seekTime);
          }
        : null,
    },
    isPlaying,
  });
}
