import { lazy, Suspense, useEffect } from 'react';
import { requestToaster, useIsToasterWanted } from '../../lib/toast';

const ThemedToaster = lazy(() => import('./themed-toaster'));

// Late enough not to compete with the first page's downloads.
const idleDelayMs = 2000;

/** Mounts the toaster once the page has settled, or as soon as a toast is asked for. */
export function ToasterHost() {
  const isToasterWanted = useIsToasterWanted();

  useEffect(() => {
    const timer = setTimeout(requestToaster, idleDelayMs);
    return () => clearTimeout(timer);
  }, []);

  if (!isToasterWanted) return null;
  return (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  );
}
