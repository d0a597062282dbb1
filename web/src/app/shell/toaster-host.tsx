import { lazy, Suspense } from 'react';
import { useIsToasterWanted } from '../../lib/toast';

const ThemedToaster = lazy(() => import('./themed-toaster'));

/**
 * Mounts the toaster at the first toast, so no visit pays for it before one is shown
 * (the service worker has it cached by then on later visits).
 */
export function ToasterHost() {
  const isToasterWanted = useIsToasterWanted();
  if (!isToasterWanted) return null;
  return (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  );
}
