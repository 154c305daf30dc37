/**
 * The service worker (/sw.js, scope /). Owns:
 * - the precache of the app shell, route and locale chunks, icons and avatars (Workbox injectManifest),
 *   with the SPA fallback to index.html for navigations outside the API paths;
 * - the write queue: an idempotent RPC write that fails for lack of network is stored in IndexedDB and
 *   answered 202 `{ queued: true, id }` with `x-spotter-queued: 1`; the queue replays on Background Sync,
 *   on start, on activation and when a page posts REPLAY (see protocol.ts and replay.ts).
 * Supabase responses are never cached.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import './push-handlers';
import { isPageToWorkerMessage, SYNC_TAG, type ReplaySummary, type WorkerToPageMessage } from './protocol';
import { QueueDb } from './queue-db';
import { API_PATH_PATTERN, matchQueuedRpc } from './queued-rpcs';
import { queuedResponse, settledResponse } from './responses';
import { replayQueue, type ReplayPass, type SettledResponse } from './replay';
import { isQueueableFailure } from './replay-policy';
import { entryFromRequest, sessionFromLiveRequest, userIdOf, type QueueEntry } from './queue-entry';
import type { QueuedRpcName } from './queued-rpcs';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

const supabaseUrl = __SPOTTER_SUPABASE_URL__ || self.location.origin;
const db = new QueueDb(self.indexedDB);

// --- write queue -------------------------------------------------------------------------------------

async function notify(message: WorkerToPageMessage): Promise<void> {
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of clients) client.postMessage(message);
}

/** Runs `fn` alone across every context of this origin (an old and a new worker during an update). */
function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  return self.navigator.locks.request(SYNC_TAG, fn);
}

let pendingPass: Promise<ReplayPass> | null = null;

/**
 * Callers waiting for the server's answer to an entry they queued behind others (by entry id). Whichever
 * pass settles the entry (a Background Sync pass may start first) leaves the answer here.
 */
const awaitedAnswers = new Map<string, SettledResponse | null>();

/** A replay pass; calls made while one waits for the lock share it (it reads the queue when it starts). */
function replay(): Promise<ReplayPass> {
  if (pendingPass !== null) return pendingPass;
  const pass = exclusive(async () => {
    pendingPass = null;
    const result = await replayQueue({
      db,
      fetch: (request) => fetch(request),
      now: () => Date.now(),
      notify,
    });
    for (const [id, response] of result.settled) if (awaitedAnswers.has(id)) awaitedAnswers.set(id, response);
    return result;
  });
  pendingPass = pass;
  return pass;
}

async function requestSync(): Promise<void> {
  try {
    await self.registration.sync?.register(SYNC_TAG);
  } catch {
    // No Background Sync here (or not allowed): the page's REPLAY on start and on `online` covers it.
  }
}

async function enqueue(request: Request, rpc: QueuedRpcName, id = crypto.randomUUID()): Promise<QueueEntry> {
  const entry = await entryFromRequest(request, rpc, { id, now: Date.now() });
  entry.seq = await db.add(entry);
  await requestSync();
  await notify({ type: 'QUEUE_CHANGED', size: (await db.list()).length });
  return entry;
}

async function hasQueuedWrites(userId: string | null): Promise<boolean> {
  return (await db.list()).some((entry) => entry.userId === userId);
}

/** The page's live request may carry a fresher token than it stored: keep it for replays. */
async function adoptLiveToken(authorization: string | null): Promise<void> {
  try {
    const session = sessionFromLiveRequest(await db.readSession(), authorization, Date.now());
    if (session !== null) await db.writeSession(session);
  } catch {
    // Best effort: the write itself must not fail because IndexedDB did.
  }
}

async function handleWrite(request: Request, rpc: QueuedRpcName): Promise<Response> {
  const copy = request.clone();
  await adoptLiveToken(request.headers.get('authorization'));
  // Earlier writes of this user still wait: this one goes behind them, so the server sees them in order.
  if (await hasQueuedWrites(userIdOf(request.headers.get('authorization')))) {
    const id = crypto.randomUUID();
    awaitedAnswers.set(id, null);
    try {
      await enqueue(copy, rpc, id);
      // Passes run one at a time: once this one ends, any pass that took the entry has ended too.
      // The entry is stored either way: a failed pass still answers "queued".
      await replay().catch(() => undefined);
      const settled = awaitedAnswers.get(id) ?? null;
      return settled === null ? queuedResponse(id) : settledResponse(settled);
    } finally {
      awaitedAnswers.delete(id);
    }
  }
  try {
    return await fetch(request);
  } catch (error) {
    if (!isQueueableFailure(error, request.signal.aborted)) throw error;
    const entry = await enqueue(copy, rpc);
    return queuedResponse(entry.id);
  }
}

self.addEventListener('fetch', (event) => {
  const rpc = matchQueuedRpc(event.request.method, event.request.url, supabaseUrl);
  if (rpc !== null) event.respondWith(handleWrite(event.request, rpc));
});

function summaryOf(pass: ReplayPass): ReplaySummary {
  const { settled: _settled, ...summary } = pass;
  return summary;
}

async function replayAndReschedule(): Promise<ReplayPass> {
  const pass = await replay();
  if (pass.retryLater) await requestSync();
  return pass;
}

self.addEventListener('sync', (event) => {
  if (event.tag !== SYNC_TAG) return;
  event.waitUntil(
    replay().then((pass) => {
      // A rejected sync is retried by the browser later; a final attempt leaves it to the next page start.
      if (pass.retryLater && !event.lastChance)
        throw new Error('write queue: transient failure, retry later');
    }),
  );
});

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  if (!isPageToWorkerMessage(data)) return;
  if (data.type === 'SKIP_WAITING') {
    event.waitUntil(self.skipWaiting());
    return;
  }
  const port = event.ports[0];
  event.waitUntil(
    replayAndReschedule().then((pass) => {
      port?.postMessage({ type: 'REPLAY_DONE', summary: summaryOf(pass) } satisfies WorkerToPageMessage);
    }),
  );
});

// --- lifecycle -----------------------------------------------------------------------------------------

self.addEventListener('activate', (event) => {
  // Control open pages at once, so the first session's writes are covered by the queue too.
  event.waitUntil(self.clients.claim().then(() => void replayAndReschedule()));
});

// A worker restarted by the browser (not a fresh install) replays what an earlier run left behind.
if (self.serviceWorker.state === 'activated') void replayAndReschedule();

// --- precache and navigation ------------------------------------------------------------------------------

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [API_PATH_PATTERN],
  }),
);
