/**
 * The signed-in page's data services, created on the first sign-in and kept for the page's life. Owns:
 * - the page's one SyncWorkerClient (its worker starts once the first signed-in screen has rendered, see
 *   `startSyncWorker`, or WORKER_START_FALLBACK_MS after the services started; at once on a device that
 *   has never completed a pull) and the page-sync wiring (tokens to the sync worker and the service
 *   worker's token store, QUEUE_NEEDS_TOKEN answers, refresh on focus; src/sync/page-sync.ts);
 * - this realm's instance of each signed-in user's RxDB database, and the settling of that user's
 *   queued intents from the service worker's outcomes (src/sync/queue-outcomes.ts);
 * - sign-out hygiene: after the worker stopped, the user's local database is deleted, unless it still
 *   holds writes the server has not acknowledged (or refusals the user has not seen): then it is only
 *   closed and kept for that user's next sign-in (docs/decisions.md, "Sign-out and unsent writes").
 */
import { closeDatabase, openDatabase, removeUserData } from '@/db/open-database';
import { databaseNameFor } from '@/db/database-name';
import { hasCompletedSync } from '@/db/local-state';
import { readPending } from '@/db/pending-writes';
import type { SpotterDatabase } from '@/db/types';
import { loadAuthClient } from '@/lib/auth/load-auth-client';
import { getAuthState, onAccessToken } from '@/lib/auth/session-store';
import { markFirstScreenRendered } from '@/lib/first-screen';
import { readLocalDataMarker } from '@/db/storage-health/local-data-marker';
import { serveTokensToWorker, storeSessionToken } from '@/lib/service-worker/token-store';
import { subscribeToWriteQueue } from '@/lib/service-worker/write-queue';
import { startPageSync, type PageSession, type PageSync } from '@/sync/page-sync';
import { settleQueueOutcomes } from '@/sync/queue-outcomes';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { QueueDb } from '@/lib/service-worker/queue-db';

interface OpenUser {
  db: Promise<SpotterDatabase>;
  stopSettling: () => void;
}

/** The worker starts at the latest this long after sign-in, whether or not a screen reported rendering. */
export const WORKER_START_FALLBACK_MS = 5000;

export interface PageServices {
  sync: SyncWorkerClient;
  /** Lets the sync worker start (the first signed-in screen has rendered); later calls do nothing. */
  startSyncWorker(): void;
  wiring: PageSync;
  /** This realm's instance of the user's database (opened once per sign-in). */
  openUserDatabase(userId: string): Promise<SpotterDatabase>;
}

/** Whether sign-out must keep the user's local database: unacknowledged writes or unseen refusals. */
export async function holdsUnsentWrites(db: SpotterDatabase): Promise<boolean> {
  const pending = await readPending(db);
  return Object.keys(pending.entries).length > 0 || pending.failed.length > 0;
}

/** Sign-out hygiene for one user's database instance (this realm's; the worker closed its own). */
export async function closeOrRemoveUserData(
  userId: string,
  db: SpotterDatabase,
  remove: typeof removeUserData = removeUserData,
): Promise<'kept' | 'removed'> {
  if (await holdsUnsentWrites(db)) {
    await closeDatabase(db);
    console.info('[sync] signed out with unsent writes: the local data stays for the next sign-in');
    return 'kept';
  }
  await remove(userId, { db });
  return 'removed';
}

/**
 * Whether this browser has never completed a pull for `userId`, read before the database opens: the note
 * the eviction check keeps outside IndexedDB (local-data-marker.ts) is written once a pull completed, and
 * removed with the data at sign-out.
 */
export async function neverSyncedHere(
  userId: string,
  store?: Parameters<typeof readLocalDataMarker>[1],
): Promise<boolean> {
  return readLocalDataMarker(await databaseNameFor(userId), store) === null;
}

function currentSession(): PageSession | null {
  const state = getAuthState();
  return state.status === 'signedIn' ? state.session : null;
}

function createPageServices(): PageServices {
  let startSyncWorker = () => undefined as void;
  const startAfter = new Promise<void>((resolve) => {
    const fallback = setTimeout(resolve, WORKER_START_FALLBACK_MS);
    startSyncWorker = () => {
      clearTimeout(fallback);
      markFirstScreenRendered();
      resolve();
    };
  });
  const sync = new SyncWorkerClient(undefined, undefined, { startAfter });
  const users = new Map<string, OpenUser>();
  const queueDb = new QueueDb();

  const openUserDatabase = (userId: string): Promise<SpotterDatabase> => {
    const known = users.get(userId);
    if (known) return known.db;
    // A device that has never completed a pull has nothing of the user's to show: the first screen waits
    // for the worker, so it starts now, beside the page's own database opening, not after that screen.
    void neverSyncedHere(userId).then(
      (never) => never && startSyncWorker(),
      () => undefined,
    );
    const entry: OpenUser = { db: openDatabase({ userId }), stopSettling: () => undefined };
    users.set(userId, entry);
    entry.db.then(
      (db) => {
        if (users.get(userId) !== entry) return;
        // Data cleared since (the marker says synced, the database is empty): the same as a new device.
        void hasCompletedSync(db).then(
          (synced) => synced || startSyncWorker(),
          () => undefined,
        );
        entry.stopSettling = settleQueueOutcomes({
          db,
          userId,
          subscribe: subscribeToWriteQueue,
          readOutcomes: () => queueDb.outcomes(),
          dismissOutcome: (id) => queueDb.dismissOutcome(id),
        });
      },
      () => users.delete(userId),
    );
    return entry.db;
  };

  const onSignedOut = async (userId: string): Promise<void> => {
    const entry = users.get(userId);
    users.delete(userId);
    entry?.stopSettling();
    // Never opened in this page: open it to decide (the worker has closed its instance already).
    const db = await (entry?.db ?? openDatabase({ userId })).catch(() => null);
    if (db === null) return;
    await closeOrRemoveUserData(userId, db);
  };

  const wiring = startPageSync({
    client: sync,
    onAccessToken,
    currentSession,
    storeToken: (session) => storeSessionToken(session),
    serveTokens: (refresh) => serveTokensToWorker(refresh),
    refreshSession: async () => {
      const { data, error } = await (await loadAuthClient()).auth.refreshSession();
      if (error !== null) throw error;
      return data.session;
    },
    onSignedOut,
  });
  return { sync, startSyncWorker: () => startSyncWorker(), wiring, openUserDatabase };
}

let services: PageServices | null = null;

/** The page's data services (started on first use, i.e. the first signed-in screen). */
export function getPageServices(): PageServices {
  services ??= createPageServices();
  return services;
}
