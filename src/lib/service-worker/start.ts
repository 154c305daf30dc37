/**
 * Starts the service worker from the page's entry without putting workbox-window on the critical path:
 * production builds only (no service worker in `vite dev`), and the registration module is a dynamic
 * import that itself waits for the window's load event.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  void import('./register')
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => {
      // The app works without it (online only); not a page error.
      console.warn('[service worker] registration failed', error);
    });
}
