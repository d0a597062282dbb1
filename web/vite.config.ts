import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { type ManifestOptions, VitePWA } from 'vite-plugin-pwa';
import { themeColors } from './src/lib/theme/theme-colors.ts';

// The server (port 3000) owns /api and /media; in development Vite proxies them so the
// browser sees one origin, as it does in production.
const apiServer = 'http://localhost:3000';

type BrowserColors = Pick<ManifestOptions, 'theme_color' | 'background_color'>;

/** The members vite-plugin-pwa knows, plus two for dark mode that its type does not have yet. */
type WebManifest = Partial<ManifestOptions> & {
  /** W3C Web App Manifest (working draft of May 2026, w3c/manifest#1207), implemented in WebKit. */
  color_scheme_dark: BrowserColors;
  /** The earlier incubation (WICG user-preferences explainer), which Chromium no longer pursues. */
  user_preferences: { color_scheme_dark: BrowserColors };
};

const darkColors: BrowserColors = { theme_color: themeColors.dark, background_color: themeColors.dark };

// The issue asks for theme and background colours for light and dark. theme_color and
// background_color stay the light pair, which every browser reads; the dark pair goes in
// both dark-mode members, which a browser that does not know them ignores. Inside the app
// the two media-specific theme-color metas of index.html decide. All hold the values of
// src/lib/theme/theme-colors.ts, the page background of each theme.
const manifest: WebManifest = {
  name: 'Stagepass',
  short_name: 'Stagepass',
  description: 'Find creators and access their exclusive video, audio, text and photo content.',
  start_url: '/creators/featured',
  scope: '/',
  display: 'standalone',
  theme_color: themeColors.light,
  background_color: themeColors.light,
  color_scheme_dark: darkColors,
  user_preferences: { color_scheme_dark: darkColors },
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

// React Router 7's package exports name only its development build (remix-run/react-router
// #12532, #14102), which ships dev-only warnings to visitors: about 0.6 KB of gzipped
// first-load JavaScript and console noise. Builds take the production build beside it.
const reactRouterProductionBuild = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild }] : [],
  },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      // Registered by hand in main.tsx: an injected registerSW.js would be one more request,
      // and the inline variant would break our Content-Security-Policy.
      injectRegister: null,
      // The icons and the web manifest are matched by globPatterns below; listing them twice
      // would put duplicate entries in the precache manifest.
      includeManifestIcons: false,
      manifest,
      injectManifest: {
        // A classic script: the worker is registered without { type: 'module' }.
        rollupFormat: 'iife',
        // index.html is left out on purpose: navigations always go to the network so the
        // server's headers (CSP, cookies) apply; offline.html is the fallback. The plugin adds
        // manifest.webmanifest itself (matching it here too would list it twice).
        globPatterns: ['**/*.{js,css,svg,png}', 'offline.html'],
      },
    }),
  ],
  build: {
    // Everything the first page needs in one chunk. By default Rolldown splits modules that
    // lazy chunks share with the entry (React, React Router, TanStack Query) into chunks of
    // their own, which the first visit loads anyway: about 3 KB more gzip and four more requests.
    // The item pieces (ui/item, lib/items, and the data saver every player reads) that posts,
    // tracks, videos and the unlock modal share go in one chunk, and the video library's own
    // shared pieces (its fetchers, cards, formats) in another: a few small ones would each
    // add its name to the entry's preload map.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'] },
            {
              name: 'item-pieces',
              test: /\/web\/src\/(ui\/item\/|lib\/items\/|lib\/data-saver|lib\/use-stored-choice)/,
            },
            {
              name: 'video-pieces',
              test: /\/web\/src\/features\/video\/(api\/|video-format|video\.css|library\/(video-card|processing-status))/,
            },
          ],
        },
      },
    },
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/media': apiServer,
    },
  },
  preview: {
    proxy: {
      '/api': apiServer,
      '/media': apiServer,
    },
  },
}));
