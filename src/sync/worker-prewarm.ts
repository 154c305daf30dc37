/**
 * The sync worker, created while the user signs in (issue 19, `new_device_first_screen_ms`).
 *
 * Loading and evaluating the worker's bundle (RxDB, Dexie, supabase-js: about 170 KB of gzipped script)
 * took 150-400 ms after sign-in on a new device, all of it before the first request for the user's data.
 * The sign-in page starts it instead (`prewarmSyncWorker`), while the user types; the page's sync worker
 * client takes that worker when it needs one (`takeSyncWorker`), or creates it then. An idle worker holds
 * no session and opens no database: it waits for `start` (sync-worker/api.ts).
 * This module stays tiny on purpose: the sign-in page's chunk imports it.
 */
let prewarmed: Worker | null = null;

function createSyncWorker(): Worker {
  return new Worker(new URL('../../sync-worker/main.ts', import.meta.url), {
    type: 'module',
    name: 'spotter-sync',
  });
}

/** Starts the worker now unless one is waiting already (or the browser has no workers). */
export function prewarmSyncWorker(): void {
  if (prewarmed !== null || typeof Worker === 'undefined') return;
  prewarmed = createSyncWorker();
}

/** The worker started ahead (once), or a new one. */
export function takeSyncWorker(): Worker {
  const worker = prewarmed ?? createSyncWorker();
  prewarmed = null;
  return worker;
}
