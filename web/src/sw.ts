/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope;

// A new worker takes over at once instead of waiting for every tab to close, so the first
// visit becomes controlled quickly and fixes reach visitors without a second reload.
self.addEventListener('install', () => {
  void self.skipWaiting();
});
clientsClaim();

// Page navigations always go to the network, so the server's answer (its headers, a
// redirect, the signed-in state) is what the visitor gets. Only when the network fails do
// we show the precached offline page. Registered before the precache route so that
// navigations never get a cached index.html.
const offlinePage = '/offline.html';
const navigationStrategy = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await navigationStrategy.handle(options);
      } catch {
        return (await matchPrecache(offlinePage)) ?? Response.error();
      }
    },
    {
      // Navigations to the API (a sign-in provider's redirect back to us, say) and to media
      // files are left entirely to the browser.
      denylist: [/^\/api\//, /^\/media\//],
    },
  ),
);

// The app's own static files (scripts, styles, icons, the offline page), versioned by the
// build. Deliberately no route for /api/ or /media/: those answers belong to one signed-in
// visitor (a session, paid content behind an access check) and must never be stored in a
// cache that outlives the session or that another visitor of this device could read.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
