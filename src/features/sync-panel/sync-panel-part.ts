// The panel's code (Mantine Drawer, the refused-writes list and its commands) as its own chunk: the first
// signed-in screen downloads only the sync button. It loads on a pointer or focus on the button, or on the
// first open (from the service worker's precache, so at once).
import { lazyPart } from '@/lib/lazy/lazy-part';

export const syncPanelPart = lazyPart(() => import('./components/sync-panel'));

export function preloadSyncPanel(): void {
  // A failed download leaves the button as it is; the next interaction tries again.
  syncPanelPart.load().catch(() => undefined);
}
