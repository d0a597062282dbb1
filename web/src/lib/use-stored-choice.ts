import { useCallback, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
// Where a choice lives for this page view when the browser blocks storage.
const memory = new Map<string, string>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  // A choice made in another tab.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key) ?? memory.get(key) ?? null;
  } catch {
    return memory.get(key) ?? null;
  }
}

/** One of `choices`, kept in this browser's localStorage under `key`; `fallback` until one is made. */
export function readStoredChoice<T extends string>(
  stored: string | null,
  choices: readonly T[],
  fallback: T,
): T {
  return choices.find((choice) => choice === stored) ?? fallback;
}

/**
 * A viewer's setting stored locally (the audio player's accent colour; the data saver): the same
 * in every tab, and kept for this page view when storage is blocked.
 */
export function useStoredChoice<T extends string>(
  key: string,
  choices: readonly T[],
  fallback: T,
): [T, (choice: T) => void] {
  const stored = useSyncExternalStore(subscribe, () => readStored(key));
  const choose = useCallback(
    (choice: T) => {
      memory.set(key, choice);
      try {
        localStorage.setItem(key, choice);
      } catch {
        // Storage is blocked: the choice lasts for this page view.
      }
      for (const listener of listeners) listener();
    },
    [key],
  );
  return [readStoredChoice(stored, choices, fallback), choose];
}
