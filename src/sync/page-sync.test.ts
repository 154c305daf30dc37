// @clock-sensitive: session expiry
// The page's sync wiring with real parts: the real SyncWorkerClient over a comlink channel to the real
// worker API (RxDB on fake-indexeddb; the backend address is unreachable on purpose), the real service
// worker token store (QueueDb on fake-indexeddb) and the real storeSessionToken. The auth side is the
// session store's contract (`onAccessToken` calls now and on every change), driven by the test.
import { MessageChannel } from 'node:worker_threads';
import { expose, type Endpoint } from 'comlink';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { QueueDb } from '@/lib/service-worker/queue-db';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the test runs the real worker API in-process
import { createSyncWorkerApi } from '../../sync-worker/api';
import { closeDatabase, openDatabase } from '../db/open-database';
import { cleanupDatabases, testStorage } from '../../test/support/browser/test-database';
import { serveTokensToWorker, storeSessionToken } from '../lib/service-worker/token-store';
import type { WorkerToPageMessage } from '../lib/service-worker/write-queue';
import { startPageSync, type PageSession } from './page-sync';
import { SyncWorkerClient, type WorkerLike } from './sync-worker-client';

const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

function workerOverChannel(): WorkerLike {
  const { port1, port2 } = new MessageChannel();
  expose(
    createSyncWorkerApi({
      openDatabase: (userId) => openDatabase({ userId, storage: testStorage() }),
      closeDatabase,
      transport: WebSocket as never,
      session: { realtime: false, log: { error: () => undefined } },
    }),
    port2,
  );
  return Object.assign(port1 as unknown as Endpoint, {
    terminate: () => {
      port1.close();
      port2.close();
    },
  });
}

/** The session store's side: a current session and `onAccessToken` listeners. */
function authSource() {
  let session: PageSession | null = null;
  const listeners = new Set<(token: string | null) => void>();
  return {
    current: () => session,
    onAccessToken(listener: (token: string | null) => void) {
      listeners.add(listener);
      listener(session?.access_token ?? null);
      return () => listeners.delete(listener);
    },
    set(next: PageSession | null) {
      session = next;
      for (const l of listeners) l(next?.access_token ?? null);
    },
  };
}

const session = (userId: string, token: string): PageSession => ({
  access_token: token,
  expires_at: 2_000_000_000,
  user: { id: userId },
});

afterEach(async () => {
  await cleanupDatabases();
});

describe('page sync wiring', () => {
  it('hands every token to the sync worker and the token store, and stops the worker on sign-out', async () => {
    const queueDb = new QueueDb(new IDBFactory());
    const client = new SyncWorkerClient(workerOverChannel, { url: 'http://127.0.0.1:9', anonKey: 'anon' });
    const auth = authSource();
    auth.set(session('user-a', 'token-1'));
    const signedOut: string[] = [];
    let emit: (message: WorkerToPageMessage) => void = () => undefined;
    const refreshed: string[] = [];
    const focus = new EventTarget();
    const network = new EventTarget();
    let syncs = 0;
    const networkWords: boolean[] = [];
    const wiring = startPageSync({
      client: {
        onAuthChange: (s) => client.onAuthChange(s),
        getStatus: () => client.getStatus(),
        syncNow: () => {
          syncs += 1;
          return client.syncNow();
        },
        setOnline: (online) => {
          networkWords.push(online);
          return client.setOnline(online);
        },
      },
      onAccessToken: (l) => auth.onAccessToken(l),
      currentSession: auth.current,
      storeToken: (s) => storeSessionToken(s, { db: queueDb, replay: () => undefined }),
      serveTokens: (refresh) =>
        serveTokensToWorker(refresh, {
          subscribe: (listener) => {
            emit = listener;
            return () => undefined;
          },
          store: (s) => storeSessionToken(s, { db: queueDb, replay: () => undefined }),
        }),
      refreshSession: async () => {
        refreshed.push('refresh');
        return session('user-a', 'token-refreshed');
      },
      onSignedOut: async (userId) => void signedOut.push(userId),
      focusTarget: focus,
      onlineTarget: network,
    });

    // Sign-in (the token present when the wiring starts).
    await wiring.settled();
    await until(() => {
      const s = client.getStatus();
      return s.state === 'running' && s.userId === 'user-a' && !s.needsToken;
    });
    expect(await queueDb.readSession()).toMatchObject({ userId: 'user-a', accessToken: 'token-1' });

    // A token refresh reaches both.
    auth.set(session('user-a', 'token-2'));
    await wiring.settled();
    expect(await queueDb.readSession()).toMatchObject({ userId: 'user-a', accessToken: 'token-2' });

    // Focus with a never-completed sync (unreachable backend) is stale: one resync per focus.
    focus.dispatchEvent(new Event('focus'));
    expect(syncs).toBe(1);
    // Offline, then back online: the worker hears both (its own navigator may not), then is nudged.
    network.dispatchEvent(new Event('offline'));
    network.dispatchEvent(new Event('online'));
    await until(() => Promise.resolve(syncs === 2));
    expect(networkWords).toEqual([false, true]);
    expect(client.getStatus()).toMatchObject({ state: 'running' });

    // The service worker's replay got 401: the page refreshes the session and stores it.
    emit({ type: 'QUEUE_NEEDS_TOKEN', userId: 'user-a' });
    await until(async () => {
      const stored = await queueDb.readSession();
      return stored !== null && 'accessToken' in stored && stored.accessToken === 'token-refreshed';
    });
    expect(refreshed).toEqual(['refresh']);

    // Sign-out: the worker's session stops, the store gets the marker, the user's data is handed over.
    auth.set(null);
    await wiring.settled();
    expect(client.getStatus()).toEqual({ state: 'idle' });
    expect(await queueDb.readSession()).toMatchObject({ userId: null });
    expect(signedOut).toEqual(['user-a']);
    focus.dispatchEvent(new Event('focus'));
    network.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(syncs).toBe(2);
    expect(networkWords).toEqual([false, true]);

    // Another user signs in: a new session in the worker, nothing of user-a.
    auth.set(session('user-b', 'token-b'));
    await wiring.settled();
    await until(() => {
      const s = client.getStatus();
      return s.state === 'running' && s.userId === 'user-b';
    });
    expect(await queueDb.readSession()).toMatchObject({ userId: 'user-b', accessToken: 'token-b' });
    expect(wiring.userId).toBe('user-b');

    wiring.stop();
    await client.dispose();
  });

  it('a direct switch to another user stops the first one and hands it over after the switch', async () => {
    const queueDb = new QueueDb(new IDBFactory());
    const client = new SyncWorkerClient(workerOverChannel, { url: 'http://127.0.0.1:9', anonKey: 'anon' });
    const auth = authSource();
    auth.set(session('user-c', 'token-c'));
    const order: string[] = [];
    const wiring = startPageSync({
      client: {
        onAuthChange: async (s) => {
          await client.onAuthChange(s);
          order.push(`worker:${s?.userId ?? 'none'}`);
        },
        getStatus: () => client.getStatus(),
        syncNow: () => client.syncNow(),
        setOnline: (online) => client.setOnline(online),
      },
      onAccessToken: (l) => auth.onAccessToken(l),
      currentSession: auth.current,
      storeToken: (s) => storeSessionToken(s, { db: queueDb, replay: () => undefined }),
      serveTokens: () => () => undefined,
      refreshSession: async () => null,
      onSignedOut: async (userId) => void order.push(`signedOut:${userId}`),
      focusTarget: new EventTarget(),
      onlineTarget: new EventTarget(),
    });
    auth.set(session('user-d', 'token-d'));
    await wiring.settled();
    expect(order).toEqual(['worker:user-c', 'worker:user-d', 'signedOut:user-c']);
    wiring.stop();
    await client.dispose();
  });
});
