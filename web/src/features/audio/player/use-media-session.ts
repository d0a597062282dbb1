import type { TAudio } from '@stagepass/contract/audio';
import { type RefObject, useEffect, useRef } from 'react';

type MediaSessionOptions = {
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

function setHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    navigator.mediaSession.setActionHandler(action, handler);
  } catch {
    // A browser that does not know this action: its lock screen cannot offer it anyway.
  }
}

/**
 * The lock screen, the notification shade and headphone buttons (the Media Session API):
 * the track's title, artist and cover; play, pause, previous and next; seeking only where
 * the listener may seek (never on a preview); and the position, kept up to date on the
 * element's play, pause, seek and rate changes.
 */
export function useMediaSession(audioRef: RefObject<HTMLAudioElement | null>, options: MediaSessionOptions) {
  const { track, isPlaying, canSeek } = options;
  const hasSession = typeof navigator !== 'undefined' && 'mediaSession' in navigator;
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const title = track?.title;
  const artist = track?.author.pageName;
  const artwork = track?.cover_asset?.secure_url;
  useEffect(() => {
    if (!hasSession || !title) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title,
      artist,
      album: 'Stagepass',
      artwork: artwork ? [{ src: new URL(artwork, window.location.href).href }] : [],
    });
  }, [hasSession, title, artist, artwork]);

  const hasPrevious = options.onPrevious !== null;
  const hasNext = options.onNext !== null;
  useEffect(() => {
    if (!hasSession) return;
    setHandler('play', () => optionsRef.current.onPlay());
    setHandler('pause', () => optionsRef.current.onPause());
    setHandler('previoustrack', hasPrevious ? () => optionsRef.current.onPrevious?.() : null);
    setHandler('nexttrack', hasNext ? () => optionsRef.current.onNext?.() : null);
    setHandler(
      'seekto',
      canSeek
        ? (details) => {
            if (details.seekTime !== undefined) optionsRef.current.onSeekTo(details.seekTime);
          }
        : null,
    );
  }, [hasSession, hasPrevious, hasNext, canSeek]);

  useEffect(() => {
    if (hasSession) navigator.mediaSession.playbackState = isPlaying ? 'playing' : 'paused';
  }, [hasSession, isPlaying]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!hasSession || !audio) return;
    const updatePosition = () => {
      const duration = audio.duration;
      if (!Number.isFinite(duration) || duration <= 0 || !navigator.mediaSession.setPositionState) return;
      try {
        navigator.mediaSession.setPositionState({
          duration,
          playbackRate: audio.playbackRate || 1,
          position: Math.min(duration, Math.max(0, audio.currentTime)),
        });
      } catch {
        // A state the browser refuses (a rate of 0) leaves the last one shown.
      }
    };
    const events = ['loadedmetadata', 'durationchange', 'play', 'pause', 'seeked', 'ratechange'];
    for (const name of events) audio.addEventListener(name, updatePosition);
    return () => {
      for (const name of events) audio.removeEventListener(name, updatePosition);
    };
  }, [audioRef, hasSession]);

  // Leaving the page leaves nothing behind on the lock screen.
  useEffect(() => {
    if (!hasSession) return;
    return () => {
      navigator.mediaSession.metadata = null;
      navigator.mediaSession.playbackState = 'none';
      for (const action of ['play', 'pause', 'previoustrack', 'nexttrack', 'seekto'] as const) {
        setHandler(action, null);
      }
    };
  }, [hasSession]);
}
