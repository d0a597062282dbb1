import type { TVideo } from '@stagepass/contract/video';
import { type RefObject, useEffect, useRef } from 'react';
import { SKIP_BACK_SECONDS, SKIP_FORWARD_SECONDS } from './player-constants';

type MediaSessionOptions = {
  video: TVideo;
  canSeek: boolean;
  onPlay: () => void;
  onPause: () => void;
  onSkip: (seconds: number) => void;
  onSeekTo: (seconds: number) => void;
  /** Null when no episode comes after this one. */
  onNext: (() => void) | null;
};

function setHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    navigator.mediaSession.setActionHandler(action, handler);
  } catch {
    // A browser that does not know this action: its lock screen cannot offer it anyway.
  }
}

const ACTIONS = ['play', 'pause', 'seekbackward', 'seekforward', 'seekto', 'nexttrack'] as const;

/**
 * The lock screen, the notification shade and headphone buttons (the Media Session API):
 * the video's title, creator and poster; play and pause; 10 s back and 30 s forward (the
 * spec's skips); the next episode; and the position, kept up to date as the video plays.
 */
export function useVideoMediaSession(
  videoRef: RefObject<HTMLVideoElement | null>,
  options: MediaSessionOptions,
) {
  const hasSession = typeof navigator !== 'undefined' && 'mediaSession' in navigator;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const { video, canSeek } = options;
  const title = video.title;
  const artist = video.author.pageName;
  const album = video.series?.title ?? 'Stagepass';
  const artwork = video.stream?.poster_url ?? video.cover_url;

  useEffect(() => {
    if (!hasSession) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title,
      artist,
      album,
      artwork: artwork ? [{ src: new URL(artwork, window.location.href).href }] : [],
    });
  }, [hasSession, title, artist, album, artwork]);

  const hasNext = options.onNext !== null;
  useEffect(() => {
    if (!hasSession) return;
    setHandler('play', () => optionsRef.current.onPlay());
    setHandler('pause', () => optionsRef.current.onPause());
    setHandler(
      'seekbackward',
      canSeek ? (details) => optionsRef.current.onSkip(-(details.seekOffset ?? SKIP_BACK_SECONDS)) : null,
    );
    setHandler(
      'seekforward',
      canSeek ? (details) => optionsRef.current.onSkip(details.seekOffset ?? SKIP_FORWARD_SECONDS) : null,
    );
    setHandler(
      'seekto',
      canSeek
        ? (details) => {
            if (details.seekTime !== undefined) optionsRef.current.onSeekTo(details.seekTime);
          }
        : null,
    );
    setHandler('nexttrack', hasNext ? () => optionsRef.current.onNext?.() : null);
  }, [hasSession, canSeek, hasNext]);

  useEffect(() => {
    const element = videoRef.current;
    if (!hasSession || !element) return;
    const updatePosition = () => {
      navigator.mediaSession.playbackState = element.paused ? 'paused' : 'playing';
      const duration = element.duration;
      if (!Number.isFinite(duration) || duration <= 0 || !navigator.mediaSession.setPositionState) return;
      try {
        navigator.mediaSession.setPositionState({
          duration,
          playbackRate: element.playbackRate || 1,
          position: Math.min(duration, Math.max(0, element.currentTime)),
        });
      } catch {
        // A state the browser refuses leaves the last one shown.
      }
    };
    const events = ['loadedmetadata', 'durationchange', 'play', 'pause', 'seeked', 'ratechange'];
    for (const name of events) element.addEventListener(name, updatePosition);
    return () => {
      for (const name of events) element.removeEventListener(name, updatePosition);
    };
  }, [videoRef, hasSession]);

  // Leaving the page leaves nothing behind on the lock screen.
  useEffect(() => {
    if (!hasSession) return;
    return () => {
      navigator.mediaSession.metadata = null;
      navigator.mediaSession.playbackState = 'none';
      for (const action of ACTIONS) setHandler(action, null);
    };
  }, [hasSession]);
}
