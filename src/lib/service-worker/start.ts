/**
 * Starts the service worker from the page's entry without putting workbox-window on the critical path:
 * production builds only (no service worker in `vite dev`), and the registration module is a dynamic
 * import that itself waits for the window's load event. On a signed-in visit the import also waits until
 * the first screen has rendered, so it is not downloaded on that screen's path (first signed-in screen
 * figure, docs/decisions.md); pages without a signed-in screen (sign-in, legal pages) start it after a
 * grace period instead.
 */
import { firstScreenRendered } from '@/lib/first-screen';

/** The latest start on any page; a first screen normally renders well before it. */
const LATEST_START_MS = 5_000;

export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const grace = new Promise<void>((resolve) => setTimeout(resolve, LATEST_START_MS));
  void Promise.race([firstScreenRendered(), grace])
    .then(() => import('./register'))
    .then(({ registerServiceWorker }) => registerServiceWorker())
    .catch((error: unknown) => {
      // The app works without it (online only); not a page error.
      console.warn('[service worker] registration failed', error);
    });
}
