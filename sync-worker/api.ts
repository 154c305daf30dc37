/**
 * The sync worker's comlink contract: `createSyncWorkerApi` builds the object `main.ts` exposes, and
 * `SyncWorkerApi` is the only thing the page imports (as a type). Control calls and online-only RPCs
 * only: data crosses through the shared RxDB database, never through postMessage.
 *
 * Owns at most one SyncSession (one user) at a time: `start` for another user stops the old session
 * and closes its database first, so a second account never pushes or shows the first one's rows.
 */
import { proxy, type ProxyMarked } from 'comlink';
import type { DatabaseClient, FunctionName } from '../src/db/database';
import type { SpotterDatabase } from '../src/db/types';
import { removeAvatar, uploadAvatar, type StorageResult } from './core/avatar-storage';
import { createSyncClient, type SyncClientOptions } from './core/client';
import { SyncGate } from './core/gate';
import type { LoadMoreResult } from './core/local-docs';
import { callRpc, type RpcResult } from './core/rpc';
import { SyncSession, type SessionStatus } from './core/session';

export type { LoadMoreResult, RpcResult, SessionStatus, StorageResult };

export interface StartOptions {
  userId: string;
  accessToken: string | null;
  supabaseUrl: string;
  anonKey: string;
}

export type WorkerStatus = { state: 'idle' } | ({ state: 'running' } & SessionStatus);

export type StatusListener = (status: WorkerStatus) => void;

export interface OnlineEvents {
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

export interface SyncWorkerDeps {
  openDatabase(userId: string): Promise<SpotterDatabase>;
  closeDatabase(db: SpotterDatabase): Promise<void>;
  /** `self` in the worker: online/offline events. */
  events?: OnlineEvents;
  isOnline?: () => boolean;
  transport?: SyncClientOptions['transport'];
  session?: Partial<ConstructorParameters<typeof SyncSession>[0]>;
}

const notStarted = {
  ok: false,
  error: { code: 'not_started', message: 'sync worker not started', status: 0 },
} as const;

export function createSyncWorkerApi(deps: SyncWorkerDeps) {
  let current: { session: SyncSession; db: SpotterDatabase; client: DatabaseClient } | null = null;
  /** start/stop run one at a time. */
  let queue: Promise<unknown> = Promise.resolve();
  const listeners = new Set<StatusListener>();
  const isOnline = deps.isOnline ?? (() => globalThis.navigator?.onLine ?? true);

  const status = (): WorkerStatus =>
    current ? { state: 'running', ...current.session.status() } : { state: 'idle' };
  const emit = () => {
    const s = status();
    for (const l of listeners) {
      try {
        l(s);
      } catch {
        // A listener whose page went away must not stop the others.
      }
    }
  };
  /**
   * The latest online/offline word from either realm. The page's counts too: under DevTools' network
   * emulation (and so in Playwright's `setOffline`) a dedicated worker's `navigator.onLine` never changes,
   * so without the page's word the worker kept sending into a dead network and backing off.
   */
  let online: boolean | null = null;
  const setOnline = (value: boolean) => {
    online = value;
    current?.session.setOnline(value);
  };
  const onOnline = () => setOnline(true);
  const onOffline = () => setOnline(false);
  deps.events?.addEventListener('online', onOnline);
  deps.events?.addEventListener('offline', onOffline);

  const serially = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };

  async function stopCurrent(): Promise<void> {
    const old = current;
    current = null;
    if (!old) return;
    await old.session.stop();
    await deps.closeDatabase(old.db);
    emit();
  }

  const api = {
    /** Starts syncing for `userId` (after sign-in); for the user already running, only passes the token. */
    start(options: StartOptions): Promise<void> {
      return serially(async () => {
        if (current && current.session.userId === options.userId) {
          current.session.setAccessToken(options.accessToken);
          return;
        }
        await stopCurrent();
        const db = await deps.openDatabase(options.userId);
        const gate = new SyncGate();
        gate.setOnline(online ?? isOnline());
        const client = createSyncClient({
          url: options.supabaseUrl,
          anonKey: options.anonKey,
          getToken: () => gate.token,
          onRetryAfter: (ms) => gate.pauseFor(ms),
          ...(deps.transport ? { transport: deps.transport } : {}),
        });
        const session = new SyncSession({
          db,
          client,
          gate,
          userId: options.userId,
          backendId: options.supabaseUrl,
          onStatus: emit,
          ...deps.session,
        });
        current = { session, db, client };
        session.setAccessToken(options.accessToken);
        session.start();
        emit();
      });
    },

    /** Every auth change on the page (TOKEN_REFRESHED, SIGNED_IN; null when the session ended). */
    setAccessToken(token: string | null): void {
      current?.session.setAccessToken(token);
    },

    /** The page's `online` / `offline` events (see `setOnline` above). */
    setOnline(value: boolean): void {
      setOnline(value);
    },

    /** Resync now: the user's action, the focus refresh; restarts a realtime channel that gave up. */
    syncNow(): void {
      current?.session.syncNow();
    },

    /** Sign-out: stops replication and realtime and closes this realm's database instance. */
    stop(): Promise<void> {
      return serially(stopCurrent);
    },

    status(): WorkerStatus {
      return status();
    },

    /** `listener` is a comlink proxy; returns a proxied unsubscribe. */
    subscribe(listener: StatusListener): (() => void) & ProxyMarked {
      listeners.add(listener);
      listener(status());
      return proxy(() => {
        listeners.delete(listener);
      });
    },

    /** An online-only RPC (search, discovery, public profiles, intents): errors come back as values. */
    rpc(name: FunctionName, args: Record<string, unknown> = {}): Promise<RpcResult> {
      if (!current) {
        return Promise.resolve({
          ok: false,
          error: { code: 'not_started', message: 'sync worker not started', status: 0 },
        });
      }
      return callRpc(current.client, name, args);
    },

    /**
     * The home feed's "load more": fetches the get_feed page older than the last item of the local
     * `feed_window` and appends it there (the screen reads the window; `done` when no older rows are
     * left). Runs in whichever tab's worker is asked (an online-only read, like `rpc`).
     */
    loadMoreFeed(limit?: number): Promise<LoadMoreResult> {
      if (!current) {
        return Promise.resolve({
          ok: false,
          error: { code: 'not_started', message: 'sync worker not started' },
        });
      }
      return current.session.loadMoreFeed(limit);
    },

    /** Uploads a profile picture (already resized by the page) into the user's own avatars folder. */
    uploadAvatar(blob: Blob): Promise<StorageResult<{ path: string; publicUrl: string }>> {
      if (!current) return Promise.resolve(notStarted);
      return uploadAvatar(current.client, current.session.userId, blob);
    },

    /** Deletes one of the user's own profile pictures by storage path. */
    removeAvatar(path: string): Promise<StorageResult<{ removed: boolean }>> {
      if (!current) return Promise.resolve(notStarted);
      return removeAvatar(current.client, current.session.userId, path);
    },

    /** For tests and teardown of a worker realm. */
    dispose(): Promise<void> {
      deps.events?.removeEventListener('online', onOnline);
      deps.events?.removeEventListener('offline', onOffline);
      listeners.clear();
      return serially(stopCurrent);
    },
  };
  return api;
}

export type SyncWorkerApi = ReturnType<typeof createSyncWorkerApi>;
