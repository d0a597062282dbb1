import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { useTheme } from '../../lib/theme/theme-store';
import { notifyToasterMounted } from '../../lib/toast';

// Screen readers announce changes to a live region they already know: the toaster's
// (empty) aria-live section must be in the page a moment before the first toast goes in.
const liveRegionSettleMs = 150;

/**
 * Toasts in the theme in effect (sonner would otherwise follow only the system setting), at
 * the top: a dialog keeps its actions at its foot, and a phone's dialog (or bottom sheet)
 * reaches the bottom of the screen, where a toast covered its main button.
 */
export default function ThemedToaster() {
  const { theme } = useTheme();
  // Runs after <Toaster>'s own effects, so it is subscribed before any toast is shown.
  useEffect(() => {
    const timer = setTimeout(notifyToasterMounted, liveRegionSettleMs);
    return () => clearTimeout(timer);
  }, []);
  return <Toaster theme={theme} position="top-center" closeButton containerAriaLabel="Toasts" />;
}
