// What decides an early sync-worker start (never-synced.ts), on real RxDB (fake-indexeddb).
import { afterEach, describe, expect, it } from 'vitest';
import { databaseNameFor } from '@/db/database-name';
import { updateSyncMeta } from '@/db/local-state';
import { cleanupDatabases, openTestDatabase } from '@/db/test-support';
import { writeLocalDataMarker } from '@/lib/storage-health/local-data-marker';
import { neverSynced, noSyncedDataNoted } from './never-synced';

afterEach(async () => {
  await cleanupDatabases();
});

/** A localStorage stand-in. */
function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

describe('never synced', () => {
  it('a browser without a note of the user’s synced data has none; one with the note has', async () => {
    const store = memoryStore();
    expect(await noSyncedDataNoted('user-a', store)).toBe(true);
    writeLocalDataMarker(await databaseNameFor('user-a'), 'token-1', store);
    expect(await noSyncedDataNoted('user-a', store)).toBe(false);
    // The note is per user.
    expect(await noSyncedDataNoted('user-b', store)).toBe(true);
  });

  it('an open database has never synced until the worker records a completed sync', async () => {
    const db = await openTestDatabase();
    expect(await neverSynced(db)).toBe(true);
    await updateSyncMeta(db, { last_synced_at: new Date().toISOString() });
    expect(await neverSynced(db)).toBe(false);
  });
});
