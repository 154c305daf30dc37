/**
 * Registers /sw.js (scope /) with workbox-window and runs the update flow:
 * - a new worker that waits is told to activate (SKIP_WAITING), in this tab or another;
 * - when a new worker takes control of a page an older worker controlled, the page reloads once
 *   (reload-guard.ts); other tabs of the app get the same `controlling` event and reload too;
 * - every page start, every `online` event and every new token ask the worker to replay its write queue;
 *   a pass that left writes for a transient reason is asked again shortly while online, and so is a write
 *   queued while online (replay-retry.ts).
 */
import { Workbox } from 'workbox-window';
import { reloadPage } from '@/lib/reload-page';
import { parseReloadMarker, RELOAD_MARKER, shouldReloadForNewWorker } from './reload-guard';
import { ReplayRetry } from './replay-retry';
import { requestReplay, subscribeToWriteQueue } from './write-queue';

function readMarker(): number | null {
  try {
    return parseReloadMarker(sessionStorage.getItem(RELOAD_MARKER));
  } catch {
    return null;
  }
}

function writeMarker(at: number): void {
  try {
    sessionStorage.setItem(RELOAD_MARKER, String(at));
  } catch {
    // No session storage: the cooldown is lost with the reload; a loop still needs a broken update.
  }
}

let registered: Promise<Workbox> | null = null;

export function registerServiceWorker(): Promise<Workbox> {
  registered ??= register();
  return registered;
}

async function register(): Promise<Workbox> {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  // Whether a worker controlled this page before the change at hand: false on a first visit until the
  // first worker claims it, so a later update in the same page session reloads.
  let hadController = navigator.serviceWorker.controller !== null;

  workbox.addEventListener('waiting', () => workbox.messageSkipWaiting());
  workbox.addEventListener('controlling', () => {
    const wasControlled = hadController;
    hadController = true;
    const now = Date.now();
    if (!shouldReloadForNewWorker({ wasControlled, lastReloadAt: readMarker(), now })) return;
    writeMarker(now);
    reloadPage();
  });

  await workbox.register();
  const replays = new ReplayRetry({
    replay: requestReplay,
    isOnline: () => navigator.onLine,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  });
  replays.start();
  window.addEventListener('online', () => replays.start());
  window.addEventListener('offline', () => replays.cancel());
  // A write queued while online (the queue grew) gets tries of its own: see ReplayRetry.nudge.
  let queued = 0;
  subscribeToWriteQueue((message) => {
    if (message.type !== 'QUEUE_CHANGED') return;
    if (message.size > queued) replays.nudge();
    queued = message.size;
  });
  return workbox;
}
