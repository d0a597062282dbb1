import type { TVideo } from '@stagepass/contract/video';
import type { RefObject } from 'react';
import { useMediaSession } from '../../../lib/use-media-session';
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from './player-constants';

type VideoMediaSessionOptions = {
  video: TVideo;
  canSeek: boolean;
  onPlay: () => void;
  onPause: () => void;
  onSkip: (seconds: number) => void;
  onSeekTo: (seconds: number) => void;
  /** Null when no episode comes after this one. */
  onNext: (() => void) | null;
};

/**
 * The lock screen for a video: its title, creator, series and poster; play and pause; 10 s
 * back and 30 s forward (the spec's skips); the next episode; and the position, kept up to
 * date as the video plays.
 */
export function useVideoMediaSession(
  videoRef: RefObject<HTMLVideoElement | null>,
  { video, canSeek, onPlay, onPause, onSkip, onSeekTo, onNext }: VideoMediaSessionOptions,
) {
  useMediaSession(videoRef, {
    metadata: {
      title: video.title,
      artist: video.author.pageName,
      album: video.series?.title ?? 'Stagepass',
      artwork: video.stream?.poster_url ?? video.cover_url,
    },
    actions: {
      play: onPlay,
      pause: onPause,
      seekbackward: canSeek ? (details) => onSkip(-(details.seekOffset ?? SKIP_BACK_SECONDS)) : null,
      seekforward: canSeek ? (details) => onSkip(details.seekOffset ?? SKIP_FORWARD_SECONDS) : null,
      seekto: canSeek
        ? (details) => {
            if (details.seekTime !== undefined) onSeekTo(details.seekTime);
          }
        : null,
      nexttrack: onNext,
    },
  });
}
