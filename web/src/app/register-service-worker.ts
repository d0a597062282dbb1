/**
 * Registers the service worker once the page has loaded, so its precaching never competes
 * with the first visit's own downloads. Only production builds have a worker (/sw.js).
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;

  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      // The app works without it (no offline page, no precache); nothing to tell the visitor.
      console.warn('Service worker registration failed', error);
    });
  };

  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
