import { useSyncExternalStore } from 'react';

/**
 * Hands a camera recording from the create-short-video modal to the video form: a Blob
 * cannot travel in the URL that opens and closes modals. Held in memory only.
 */
let recording: Blob | null = null;
const listeners = new Set<() => void>();

export function setRecording(next: Blob | null) {
  recording = next;
  for (const notify of listeners) notify();
}

export function useRecording() {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => recording,
  );
}
