/**
 * Devices for the sync suites: each is a real RxDB database on fake-indexeddb (its own name, so two or
 * three devices of one user live in one process), a real supabase-js client against the emulator (ws
 * transport on Node 20) and the sync worker's replication core (SyncSession), driven in-process.
 */
import { randomUUID } from 'node:crypto';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { createRxDatabase } from 'rxdb';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { addRxPlugin } from 'rxdb';
import WebSocket from 'ws';
import type { DatabaseClient } from '../../../src/db/database';
import { COLLECTIONS, type CollectionName } from '../../../src/db/schemas';
import { keepPullBases } from '../../../src/db/pull-base';
import { migrationChecksDone, withDevMode } from '../../../src/db/open-database';
import type { SpotterDatabase } from '../../../src/db/types';
import type { Emulator } from '../../../supabase/emulator/src/start-emulator';
import { insertAuthUser } from '../../support/engines';
import { createSyncClient } from '../../../sync-worker/core/client';
import { SyncGate } from '../../../sync-worker/core/gate';
import { SyncSession, type SyncSessionOptions } from '../../../sync-worker/core/session';

addRxPlugin(RxDBLocalDocumentsPlugin);

export const storage = () => getRxStorageDexie({ indexedDB, IDBKeyRange });

export async function newUser(emulator: Emulator): Promise<{ id: string; token: string }> {
  const id = await insertAuthUser(emulator.engine);
  return { id, token: await tokenFor(emulator, id) };
}

export function tokenFor(emulator: Emulator, userId: string, expiresIn = 3600): Promise<string> {
  return emulator.context.keys.signAccessToken(
    {
      sub: userId,
      role: 'authenticated',
      aud: 'authenticated',
      email: `${userId.slice(0, 8)}@example.test`,
      aal: 'aal1',
      session_id: randomUUID(),
      is_anonymous: false,
    },
    expiresIn,
  );
}

export interface Device {
  name: string;
  db: SpotterDatabase;
  session: SyncSession;
  /** The current session's supabase-js client (its realtime socket, for tests that drop it). */
  client: DatabaseClient;
  /** Stops the session (keeps the database). */
  stop(): Promise<void>;
  /** Starts a fresh session on the same database (a reload / a new worker). */
  restart(token?: string | null): Promise<void>;
  close(): Promise<void>;
}

export interface DeviceOptions {
  collections?: readonly CollectionName[];
  token?: string | null;
  realtime?: boolean;
  session?: Partial<SyncSessionOptions>;
  /** Database name; a new device by default, reuse one to reopen a device's storage. */
  dbName?: string;
  /** The network as this device sees it (e.g. through a stand-in for the service worker). */
  fetch?: typeof fetch;
  /**
   * false: one tab only, so the database leads at once (no election of about a second); for suites
   * whose devices never open a second tab.
   */
  multiInstance?: boolean;
  /** Cap on an honoured Retry-After (fault tests keep the waits short). */
  retryAfterMaxMs?: number;
}

/**
 * Opens a device. Not through `openDatabase` (the name is per user there): these devices are one user's
 * separate browsers, so each gets its own database name, with the same schemas and conflict handlers.
 */
export async function openDevice(
  emulator: Emulator,
  userId: string,
  options: DeviceOptions = {},
): Promise<Device> {
  const name = options.dbName ?? `dev_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const db = (await createRxDatabase({
    name,
    // Validated, as the app's databases in development: RxDB's dev-mode is on in the integration files
    // (test/setup/integration.ts) and refuses a storage that does not validate (DVM1).
    storage: await withDevMode(storage()),
    multiInstance: options.multiInstance ?? true,
    localDocuments: true,
    eventReduce: true,
  })) as unknown as SpotterDatabase;
  const names = options.collections ?? (['workouts', 'user_settings', 'xp_events'] as const);
  // A test database is new (or reopened at the same versions): nothing to migrate, as open-database.ts
  // says to RxDB when no migration is due (it would otherwise call into the absent migration plugin).
  await db.addCollections(
    Object.fromEntries(names.map((n) => [n, { ...COLLECTIONS[n], autoMigrate: false }])),
  );
  // Files share modules (isolate: false): once one has added RxDB's migration plugin (process-wide), new
  // collections refuse writes until its check ends.
  await migrationChecksDone(db);
  keepPullBases(db);

  let session: SyncSession;
  let client: DatabaseClient;
  const startSession = (token: string | null) => {
    const gate = new SyncGate();
    client = createSyncClient({
      url: emulator.url,
      anonKey: emulator.status.ANON_KEY,
      getToken: () => gate.token,
      transport: WebSocket as never,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      // The product's wiring (sync-worker/api.ts): a 429/503's Retry-After pauses the gate.
      onRetryAfter: (ms) => gate.pauseFor(ms),
      ...(options.retryAfterMaxMs !== undefined ? { retryAfterMaxMs: options.retryAfterMaxMs } : {}),
    });
    session = new SyncSession({
      db,
      client,
      gate,
      userId,
      backendId: emulator.url,
      retryTime: 200,
      realtime: options.realtime ?? true,
      log: { error: () => undefined },
      ...options.session,
    });
    session.setAccessToken(token);
    session.start();
  };
  startSession(options.token ?? null);

  const device: Device = {
    name,
    db,
    get session() {
      return session;
    },
    get client() {
      return client;
    },
    async stop() {
      await session.stop();
    },
    async restart(token) {
      await session.stop();
      startSession(token ?? null);
    },
    async close() {
      await session.stop();
      if (!db.closed) await db.remove();
    },
  };
  return device;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns true (or throws the last failure after `timeoutMs`). */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 10_000,
  label = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${label} not met in time`);
    await sleep(50);
  }
}
