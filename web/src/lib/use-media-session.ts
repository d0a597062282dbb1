import { type RefObject, useEffect, useRef } from 'react';

/** What the lock screen shows of the item playing; nothing while its title is unknown. */
export type MediaSessionMetadataFields = {
  title: string | undefined;
  artist: string | undefined;
  album: string;
  artwork: string | null | undefined;
};

/** The actions a player offers; null for one it does not offer now (the browser hides it). */
export type MediaSessionActions = Partial<Record<MediaSessionAction, MediaSessionActionHandler | null>>;

type MediaSessionOptions = {
  metadata: MediaSessionMetadataFields;
  actions: MediaSessionActions;
  /**
   * The player's own playing state, when it keeps one (the audio engine); left out, the
   * state is read from the element's paused flag on its play, pause and seek events.
   */
  isPlaying?: boolean;
};

function setHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    navigator.mediaSession.setActionHandler(action, handler);
  } catch {
    // A browser that does not know this action: its lock screen cannot offer it anyway.
  }
}

/**
 * The lock screen, the notification shade and headphone buttons (the Media Session API) for
 * a video or audio element: the metadata, the actions (set again only when one is offered or
 * withdrawn; each calls the player's latest handler), and the position, kept up to date on
 * the element's play, pause, seek and rate changes. Leaving clears all of it.
 */
export function useMediaSession(
  elementRef: RefObject<HTMLMediaElement | null>,
  { metadata, actions, isPlaying }: MediaSessionOptions,
) {
  const hasSession = typeof navigator !== 'undefined' && 'mediaSession' in navigator;
  const actionsRef = useRef(actions);
  actionsRef.current = actions;
  const { title, artist, album, artwork } = metadata;

  useEffect(() => {
    if (!hasSession || !title) return;
    navigator.mediaSession.metadata = new MediaMetadata({
      title,
      artist,
      album,
      artwork: artwork ? [{ src: new URL(artwork, window.location.href).href }] : [],
    });
  }, [hasSession, title, artist, album, artwork]);

  // Which actions are offered, as one dependency: 'play:1,seekto:0,…'.
  const offered = Object.entries(actions)
    .map(([action, handler]) => `${action}:${handler ? 1 : 0}`)
    .join(',');
  useEffect(() => {
    if (!hasSession || offered === '') return;
    for (const entry of offered.split(',')) {
      const [action, isOffered] = entry.split(':') as [MediaSessionAction, string];
      setHandler(action, isOffered === '1' ? (details) => actionsRef.current[action]?.(details) : null);
    }
  }, [hasSession, offered]);

  useEffect(() => {
    if (hasSession && isPlaying !== undefined) {
      navigator.mediaSession.playbackState = isPlaying ? 'playing' : 'paused';
    }
  }, [hasSession, isPlaying]);

  const isStateFromElement = isPlaying === undefined;
  useEffect(() => {
    const element = elementRef.current;
    if (!hasSession || !element) return;
    const updatePosition = () => {
      if (isStateFromElement) navigator.mediaSession.playbackState = element.paused ? 'paused' : 'playing';
      const duration = element.duration;
      if (!Number.isFinite(duration) || duration <= 0 || !navigator.mediaSession.setPositionState) return;
      try {
        navigator.mediaSession.setPositionState({
          duration,
          playbackRate: element.playbackRate || 1,
          position: Math.min(duration, Math.max(0, element.currentTime)),
        });
      } catch {
        // A state the browser refuses (a rate of 0) leaves the last one shown.
      }
    };
    const events = ['loadedmetadata', 'durationchange', 'play', 'pause', 'seeked', 'ratechange'];
    for (const name of events) element.addEventListener(name, updatePosition);
    return () => {
      for (const name of events) element.removeEventListener(name, updatePosition);
    };
  }, [elementRef, hasSession, isStateFromElement]);

  // Leaving the page leaves nothing behind on the lock screen.
  useEffect(() => {
    if (!hasSession) return;
    return () => {
      navigator.mediaSession.metadata = null;
      navigator.mediaSession.playbackState = 'none';
      for (const action of Object.keys(actionsRef.current) as MediaSessionAction[]) setHandler(action, null);
    };
  }, [hasSession]);
}
