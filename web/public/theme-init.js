// Runs before the first paint (a blocking script in <head>) so a dark-mode visitor never
// sees a flash of the light theme. It is an external file because our Content-Security-Policy
// forbids inline scripts. Keep in sync with src/lib/theme/theme-store.ts; the colours are
// those of src/lib/theme/theme-colors.ts (its test checks this copy).
(() => {
  const themeColors = { light: '#ffffff', dark: '#121016' };
  let stored = null;
  try {
    stored = localStorage.getItem('stagepass-theme');
  } catch {
    // Storage can be blocked (private modes, policies): fall back to the system setting.
  }
  const isStored = stored === 'light' || stored === 'dark';
  const prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  const theme = isStored ? stored : prefersDark ? 'dark' : 'light';
  document.documentElement.dataset.theme = theme;
  if (isStored) {
    // An explicit choice overrides both media-specific theme-color metas.
    for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
      meta.setAttribute('content', themeColors[theme]);
    }
  }
})();
