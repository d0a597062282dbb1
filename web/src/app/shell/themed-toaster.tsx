import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { notifyToasterMounted } from '../../lib/toast';
import { useTheme } from '../theme/theme-store';

/** Toasts in the theme in effect (sonner would otherwise follow only the system setting). */
export default function ThemedToaster() {
  const { theme } = useTheme();
  // Runs after <Toaster>'s own effects, so it is subscribed before any toast is shown.
  useEffect(() => notifyToasterMounted(), []);
  return <Toaster theme={theme} position="bottom-center" closeButton containerAriaLabel="Toasts" />;
}
