import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The server (port 3000) owns /api and /media; in development Vite proxies them so the
// browser sees one origin, as it does in production.
const apiServer = 'http://localhost:3000';

export default defineConfig({
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
      manifest: {
        name: 'Stagepass',
        short_name: 'Stagepass',
        description: 'Find creators and access their exclusive video, audio, text and photo content.',
        start_url: '/creators/featured',
        scope: '/',
        display: 'standalone',
        theme_color: '#ffffff',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
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
});
