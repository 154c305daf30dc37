// Test-only helpers (imported by *.test.ts files, never by the app): real RxDB on fake-indexeddb, with
// every opened database tracked so `cleanupDatabases()` in afterEach closes or removes it (the free
// build allows 13 open collections per process).
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import { openDatabase, removeUserData, type OpenDatabaseOptions } from '../../../src/db/open-database';
import { readPending, settleIntent } from '../../../src/db/pending-writes';
import type { SpotterDatabase } from '../../../src/db/types';

export const testStorage = () => getRxStorageDexie({ indexedDB, IDBKeyRange });

const opened: { db: SpotterDatabase; userId: string }[] = [];

export async function openTestDatabase(
  options: Partial<OpenDatabaseOptions> & { userId?: string } = {},
): Promise<SpotterDatabase> {
  const userId = options.userId ?? globalThis.crypto.randomUUID();
  const db = await openDatabase({ storage: testStorage(), ...options, userId });
  opened.push({ db, userId });
  return db;
}

export async function cleanupDatabases(): Promise<void> {
  const all = opened.splice(0);
  for (const { db } of all) if (!db.closed) await db.close();
  const users = new Set(all.map((o) => o.userId));
  for (const userId of users) await removeUserData(userId, { storage: testStorage() });
}

/** The user id a test database was opened for. */
export function userIdOf(db: SpotterDatabase): string {
  const entry = opened.find((o) => o.db === db);
  if (!entry) throw new Error('userIdOf: not a test database');
  return entry.userId;
}

/** The server's refusal of the pending write `key`, recorded as the sync worker records one. */
export async function refusePending(
  db: SpotterDatabase,
  key: string,
  code: string,
  message: string,
): Promise<void> {
  const entry = (await readPending(db)).entries[key];
  if (!entry) throw new Error(`no pending write ${key}`);
  await settleIntent(db, key, entry.seq, { status: 'refused', code, message }, new Date());
}
