import type { TAudio, TAudioResponse } from '@stagepass/contract/audio';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { PlaybackSource } from '../player/playback-source';
import type { useAudioEngine } from '../player/use-audio-engine';
import type { usePlayerList } from '../player/use-player-list';
import type { PlaybackSession } from './playback-session';

/**
 * The player as the shell's playback host runs it (playback-host.tsx), for the player page
 * and the mini-player to show and drive: one engine, one list, one track for the whole app.
 */
export type Playback = {
  session: PlaybackSession;
  track: TAudio | undefined;
  trackQuery: UseQueryResult<TAudioResponse>;
  /** undefined while the track loads; null when it has no file to play. */
  source: PlaybackSource | null | undefined;
  engine: ReturnType<typeof useAudioEngine>;
  playerList: ReturnType<typeof usePlayerList>;
  /** Null at either end of the list. */
  goPrevious: (() => void) | null;
  goNext: (() => void) | null;
  /** Plays another track of the list. */
  moveTo: (audioId: string | null) => void;
  isDataSaverOn: boolean;
  setIsDataSaverOn: (isOn: boolean) => void;
};

let playback: Playback | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Set by the host after each of its renders; null once it has gone (the player closed). */
export function publishPlayback(next: Playback | null): void {
  playback = next;
  for (const listener of listeners) listener();
}

export function usePlayback(): Playback | null {
  return useSyncExternalStore(subscribe, () => playback);
}
