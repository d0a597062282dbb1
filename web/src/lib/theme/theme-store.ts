import { useSyncExternalStore } from 'react';
import { themeColors } from './theme-colors';

export type Theme = 'light' | 'dark';

const storageKey = 'stagepass-theme';
const darkSchemeQuery = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

/** The theme in effect: theme-init.js has already set it on <html> before the first paint. */
export function readTheme(): Theme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light';
}

function applyTheme(theme: Theme, { isExplicit }: { isExplicit: boolean }) {
  document.documentElement.dataset.theme = theme;
  // An explicit choice overrides both media-specific metas; otherwise their media decide.
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
    const media = meta.getAttribute('media') ?? '';
    const mediaTheme: Theme = media.includes('dark') ? 'dark' : 'light';
    meta.setAttribute('content', themeColors[isExplicit ? theme : mediaTheme]);
  }
  for (const notify of listeners) notify();
}

function readStoredTheme(): Theme | null {
  try {
    const stored = localStorage.getItem(storageKey);
    return stored === 'light' || stored === 'dark' ? stored : null;
  } catch {
    return null;
  }
}

/** Applies a theme now and remembers it as the visitor's explicit choice. */
export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(storageKey, theme);
  } catch {
    // Storage may be blocked; the choice then lasts for this page view only.
  }
  applyTheme(theme, { isExplicit: true });
}

/**
 * Keeps the theme in step after the first paint: a choice made in another tab, or a change
 * of the system setting while the visitor has made no choice of their own.
 */
export function syncThemeWithSystemAndTabs() {
  window.addEventListener('storage', (event) => {
    if (event.key !== storageKey) return;
    const stored = readStoredTheme();
    if (stored) applyTheme(stored, { isExplicit: true });
  });
  window.matchMedia(darkSchemeQuery).addEventListener('change', (event) => {
    if (readStoredTheme()) return;
    applyTheme(event.matches ? 'dark' : 'light', { isExplicit: false });
  });
}

function subscribeToTheme(onChange: () => void) {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

export function useTheme() {
  const theme = useSyncExternalStore(subscribeToTheme, readTheme);
  return { theme, isDark: theme === 'dark', setTheme };
}
