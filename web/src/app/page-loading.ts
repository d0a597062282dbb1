import { useSyncExternalStore } from 'react';

// How many pages' code is on its way. A route change to a page not yet loaded waits for
// its chunk in a transition, which the router does not report: the lazy loaders do.
let pendingLoads = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Counts a page's code as loading until its import settles. */
export function trackPageLoad<T>(load: Promise<T>): Promise<T> {
  pendingLoads += 1;
  notify();
  return load.finally(() => {
    pendingLoads -= 1;
    notify();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while some page's code is loading. */
export function useIsPageLoading(): boolean {
  return useSyncExternalStore(subscribe, () => pendingLoads > 0);
}
