import { useSyncExternalStore } from 'react';

/**
 * What is playing, above the routes (issue 24): the creator and track, and the one <audio>
 * element of the whole app, so music goes on while the fan browses. Tiny on purpose: the
 * shell reads it to show the mini-player's slot, and the player's engine (playback-host.tsx)
 * loads only once a track has been opened.
 */
export type PlaybackSession = {
  /** The creator whose list plays, as the address writes it (with or without '@'). */
  username: string;
  /** The track playing, or loaded to play. */
  audioId: string;
  /** Counts each track opened from outside the list (a Play link, a player page's address). */
  opening: number;
  /** Whether that opening asked for sound (a tap on Play) or only showed the track (an address). */
  shouldPlay: boolean;
};

/** The file the element holds: which track, which of its files, at which address. */
export type LoadedSource = {
  key: string;
  audioId: string;
  url: string;
  kind: 'full' | 'data-saver' | 'preview';
};

let session: PlaybackSession | null = null;
let element: HTMLAudioElement | null = null;
let loadedSource: LoadedSource | null = null;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readPlaybackSession(): PlaybackSession | null {
  return session;
}

export function usePlaybackSession(): PlaybackSession | null {
  return useSyncExternalStore(subscribe, readPlaybackSession, () => null);
}

/** The same creator, whichever way the username is written. */
export function isSameCreator(one: string, other: string): boolean {
  const bare = (username: string) => username.trim().replace(/^@/, '').toLowerCase();
  return bare(one) === bare(other);
}

/**
 * Opens a track: a tap on Play asks for sound (`shouldPlay`); a player page opened by its
 * address only shows its track, and changes nothing when that track is the one playing.
 */
export function openTrack(track: { username: string; audioId: string; shouldPlay: boolean }): void {
  const isCurrent =
    session !== null && session.audioId === track.audioId && isSameCreator(session.username, track.username);
  if (isCurrent && !track.shouldPlay) return;
  session = { ...track, opening: (session?.opening ?? 0) + 1 };
  notify();
}

/** Next, Previous, a track chosen in the list, the automatic advance: the same creator's list. */
export function moveToTrack(audioId: string): void {
  if (!session || session.audioId === audioId) return;
  session = { ...session, audioId };
  notify();
}

/** What the element holds: a Play tap loads it before the player's engine has even loaded. */
export function readLoadedSource(): LoadedSource | null {
  return loadedSource;
}

export function writeLoadedSource(source: LoadedSource | null): void {
  loadedSource = source;
}

/** The mini-player's Close: the sound stops and the player goes. */
export function closePlayback(): void {
  session = null;
  loadedSource = null;
  if (element) {
    element.pause();
    element.removeAttribute('src');
    element.load();
  }
  notify();
}

/**
 * The app's one <audio> element, made on first use and kept for the page's life (outside
 * React, so no route change can remove it). Phones let an element that is already playing
 * go on with the screen off; a new element would need a tap.
 */
export function getPlaybackElement(): HTMLAudioElement {
  if (!element) {
    element = document.createElement('audio');
    element.preload = 'metadata';
    element.setAttribute('aria-hidden', 'true');
    document.body.append(element);
  }
  return element;
}
