import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string) {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** The spec's mobile breakpoint: 600 px. Keep in step with the @media rules in CSS. */
export const wideScreenQuery = '(min-width: 600px)';

export function useIsWideScreen() {
  return useMediaQuery(wideScreenQuery);
}
