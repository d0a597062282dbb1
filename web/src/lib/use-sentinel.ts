import { type RefObject, useEffect } from 'react';

type UseSentinelOptions = {
  isEnabled: boolean;
  onVisible: () => void;
  /**
   * Changes whenever the list grows. The observer is made again then, and a new observer
   * reports at once whether the sentinel is still in view: on a tall screen one page may
   * not fill it, and an observer that stayed would never fire again.
   */
  resetKey: unknown;
};

/** Calls `onVisible` when the element comes within a screen's height of the viewport. */
export function useSentinel(
  sentinelRef: RefObject<Element | null>,
  { isEnabled, onVisible, resetKey }: UseSentinelOptions,
) {
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!isEnabled || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible();
      },
      { rootMargin: '0px 0px 100% 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinelRef, isEnabled, onVisible, resetKey]);
}
