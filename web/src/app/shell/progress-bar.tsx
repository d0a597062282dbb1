import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useIsPageLoading } from '../page-loading';
import './progress-bar.css';

// Long enough to be seen on an instant route change, short enough not to suggest a wait.
const flashDurationMs = 400;

/**
 * A thin bar at the top while a page's code is loading, and
 * briefly on every route change so the change is noticed.
 */
export function ProgressBar() {
  const isPageLoading = useIsPageLoading();
  const { pathname } = useLocation();
  const [isFlashing, setIsFlashing] = useState(false);
  const previousPathname = useRef(pathname);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    setIsFlashing(true);
    const timer = setTimeout(() => setIsFlashing(false), flashDurationMs);
    return () => clearTimeout(timer);
  }, [pathname]);

  if (!isPageLoading && !isFlashing) return null;
  return (
    <div className="progress-bar" role="progressbar" aria-label="Loading page">
      <div className="progress-bar__indicator" />
    </div>
  );
}
