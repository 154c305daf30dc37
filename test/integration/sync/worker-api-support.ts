/**
 * The sync worker's API in-process (the Worker wrapper only adds comlink), for the worker-api suites: real
 * per-user databases through openDatabase on fake-indexeddb, the ws transport, and the emulator's URL and
 * key. `removeDatabases` deletes every database the APIs opened (call it after each test).
 */
import WebSocket from 'ws';
import { closeDatabase, openDatabase, removeUserData } from '../../../src/db/open-database';
import type { SpotterDatabase } from '../../../src/db/types';
import type { Emulator } from '../../../supabase/emulator/src/start-emulator';
import { createSyncWorkerApi } from '../../../sync-worker/api';
import { eventually, storage } from './support';

export function inProcessWorkerApis(emulator: () => Emulator) {
  const users: string[] = [];
  return {
    /** A fresh API (one worker) and the databases it opened, by user. */
    makeApi: () => {
      const opened = new Map<string, SpotterDatabase>();
      const api = createSyncWorkerApi({
        openDatabase: async (userId) => {
          users.push(userId);
          const db = await openDatabase({ userId, storage: storage() });
          opened.set(userId, db);
          return db;
        },
        closeDatabase,
        transport: WebSocket as never,
        session: { retryTime: 200, log: { error: () => undefined } },
      });
      return { api, opened };
    },
    /** The `start` call of `userId` with `accessToken` against the emulator. */
    start: (userId: string, accessToken: string | null) => ({
      userId,
      accessToken,
      supabaseUrl: emulator().url,
      anonKey: emulator().status.ANON_KEY,
    }),
    removeDatabases: async () => {
      for (const u of users.splice(0)) await removeUserData(u, { storage: storage() });
    },
  };
}

/**
 * One in-process sync worker of `user` whose connectivity the test switches (the worker's `self`
 * online/offline events), started against the emulator once its database is open. The databases it opens
 * are added to `users` for the suite's clean-up.
 */
export async function switchableDevice(
  emulator: Emulator,
  users: string[],
  user: { id: string; token: string },
) {
  let online = true;
  const events = new EventTarget();
  let db: SpotterDatabase | undefined;
  const api = createSyncWorkerApi({
    openDatabase: async (userId) => {
      users.push(userId);
      db = await openDatabase({ userId, storage: storage() });
      return db;
    },
    closeDatabase,
    transport: WebSocket as never,
    isOnline: () => online,
    events,
    session: { retryTime: 200, log: { error: () => undefined } },
  });
  await api.start({
    userId: user.id,
    accessToken: user.token,
    supabaseUrl: emulator.url,
    anonKey: emulator.status.ANON_KEY,
  });
  await eventually(async () => db !== undefined, 10_000, 'database open');
  return {
    db: () => db!,
    api,
    setOnline(value: boolean) {
      online = value;
      events.dispatchEvent(new Event(value ? 'online' : 'offline'));
    },
  };
}
