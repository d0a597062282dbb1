/**
 * The browser's UI colour for each theme: the page background, --color-bg of
 * styles/theme.css, so the status bar and title bar run into the top bar without a seam.
 * Used by the theme store, the web manifest (vite.config.ts) and, as literal copies that a
 * test keeps equal, index.html, public/offline.html and public/theme-init.js.
 */
export const themeColors = { light: '#ffffff', dark: '#121016' } as const;
