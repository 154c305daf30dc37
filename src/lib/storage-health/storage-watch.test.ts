// @clock-sensitive: wall-clock timestamps
// The page's storage watch on real RxDB over fake-indexeddb. A full disk is injected below RxDB's
// storage (test/support/browser/full-disk.ts); an eviction is the browser deleting the IndexedDB databases themselves.
import { indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editWorkout } from '@/db/commands/workouts';
import { updateSyncMeta } from '@/db/local-state';
import { removeUserData } from '@/db/open-database';
import { ROWS, USER } from '../../../test/support/browser/db-fixtures';
import { cleanupDatabases, openTestDatabase, testStorage } from '../../../test/support/browser/test-database';
import type { SpotterDatabase } from '@/db/types';
import type { PushSender, RpcAnswer } from './quota-fallback';
import { wasEvicted } from './eviction';
import { isQuotaExceeded } from '../../db/storage-health/quota-error';
import { reportStorageEvent } from '../../db/storage-health/storage-events';
import { askForPersistence, watchStorage, type StorageNotice } from './storage-watch';
import { fullDiskStorage } from '../../../test/support/browser/full-disk';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await cleanupDatabases();
});

interface Watched {
  notices: StorageNotice[];
  sent: { rpc: string; rows: unknown[] }[];
  stop: () => void;
}

function watch(
  db: SpotterDatabase,
  options: { online?: boolean; answer?: RpcAnswer; persisted?: boolean; asked?: string[] } = {},
): Watched {
  const notices: StorageNotice[] = [];
  const sent: Watched['sent'] = [];
  const send: PushSender = (rpc, args) => {
    sent.push({ rpc, rows: args.p_rows });
    return Promise.resolve(options.answer ?? { ok: true, data: { conflicts: [], rejected: [] } });
  };
  const stop = watchStorage({
    db,
    send,
    isOnline: () => options.online ?? true,
    say: (notice) => notices.push(notice),
    storageManager: {
      persisted: () => Promise.resolve(options.persisted ?? false),
      persist: () => {
        options.asked?.push('persist');
        return Promise.resolve(true);
      },
    },
  });
  return { notices, sent, stop };
}

describe('a full disk', () => {
  let full = false;
  const openFullable = () =>
    openTestDatabase({
      userId: USER,
      collections: ['workouts'],
      storage: fullDiskStorage(testStorage(), () => full),
    });
  beforeEach(() => {
    full = false;
  });

  it('fails the write with an error recognised as the quota, and sends the change online', async () => {
    const db = await openFullable();
    const watched = watch(db);
    full = true;
    const failure: unknown = await db.workouts.insert(ROWS.workouts).then(
      () => null,
      (error: unknown) => error,
    );
    expect(isQuotaExceeded(failure)).toBe(true);
    await vi.waitFor(() => expect(watched.notices).toEqual(['full-saved-online']));
    expect(watched.sent).toHaveLength(1);
    expect(watched.sent[0]!.rpc).toBe('push_workouts');
    const row = watched.sent[0]!.rows[0] as {
      newDocumentState: Record<string, unknown>;
      assumedMasterState: unknown;
    };
    // The worker's push shape: columns and `_deleted`, none of RxDB's bookkeeping.
    expect(row.newDocumentState).toMatchObject({ ...ROWS.workouts, _deleted: false });
    expect(Object.keys(row.newDocumentState).filter((k) => k.startsWith('_'))).toEqual(['_deleted']);
    expect(row.assumedMasterState).toBeNull();
    // Nothing was stored on the device: the server is where the change lives now.
    full = false;
    expect(await db.workouts.findOne(ROWS.workouts.id).exec()).toBeNull();
    watched.stop();
  });

  it("sends an edit with the state it replaced, through the app's edit command", async () => {
    const db = await openFullable();
    await db.workouts.insert(ROWS.workouts);
    const watched = watch(db);
    full = true;
    await expect(editWorkout({ db, userId: USER }, ROWS.workouts.id, { title: 'Leg day' })).rejects.toSatisfy(
      isQuotaExceeded,
    );
    await vi.waitFor(() => expect(watched.notices).toEqual(['full-saved-online']));
    const row = watched.sent[0]!.rows[0] as {
      newDocumentState: { title: string };
      assumedMasterState: { title: string };
    };
    expect(row.newDocumentState.title).toBe('Leg day');
    expect(row.assumedMasterState.title).toBe(ROWS.workouts.title);
    watched.stop();
  });

  it('says the change was not saved when it cannot go online either (offline, or the server refused it)', async () => {
    const db = await openFullable();
    const offline = watch(db, { online: false });
    full = true;
    await expect(db.workouts.insert(ROWS.workouts)).rejects.toSatisfy(isQuotaExceeded);
    await vi.waitFor(() => expect(offline.notices).toEqual(['full-not-saved']));
    expect(offline.sent).toEqual([]);
    offline.stop();

    const conflict = watch(db, { answer: { ok: true, data: { conflicts: [{ id: ROWS.workouts.id }] } } });
    await expect(db.workouts.insert(ROWS.workouts)).rejects.toSatisfy(isQuotaExceeded);
    await vi.waitFor(() => expect(conflict.notices).toEqual(['full-not-saved']));
    conflict.stop();
  });

  it('says a write with no online route (an intent in the ledger) was not saved', async () => {
    const db = await openFullable();
    const watched = watch(db);
    full = true;
    await expect(db.upsertLocal('pending_writes', { entries: {} })).rejects.toSatisfy(isQuotaExceeded);
    await vi.waitFor(() => expect(watched.notices).toEqual(['full-not-saved']));
    expect(watched.sent).toEqual([]);
    watched.stop();
  });

  it('tells once that the device is full when another realm (the sync worker) reports it', async () => {
    const db = await openFullable();
    const watched = watch(db);
    reportStorageEvent({ kind: 'quota-exceeded' });
    reportStorageEvent({ kind: 'quota-exceeded' });
    await vi.waitFor(() => expect(watched.notices).toEqual(['full']));
    watched.stop();
  });
});

/** What the browser does under storage pressure: the site's IndexedDB databases are gone. */
async function evict(db: SpotterDatabase): Promise<void> {
  const name = db.name;
  await db.close();
  const all = await indexedDB.databases();
  for (const { name: idb } of all) {
    if (idb?.includes(name))
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(idb);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error ?? new Error('delete failed'));
      });
  }
}

const openUser = () => openTestDatabase({ userId: USER, collections: ['workouts'] });

async function syncedDevice(): Promise<SpotterDatabase> {
  const db = await openUser();
  const watched = watch(db);
  await db.workouts.insert(ROWS.workouts);
  await updateSyncMeta(db, { last_synced_at: new Date().toISOString() });
  await vi.waitFor(() => expect(localStorage.length).toBe(1));
  watched.stop();
  return db;
}

describe('an evicted database', () => {
  it('is told once on the next start, and the database starts empty for the first pull', async () => {
    await evict(await syncedDevice());

    const reopened = await openUser();
    expect(await reopened.workouts.count().exec()).toBe(0);
    const first = watch(reopened);
    await vi.waitFor(() => expect(first.notices).toEqual(['evicted']));
    first.stop();
    // Another tab, or the next start before the first pull ended: said already.
    expect(await wasEvicted(reopened)).toBe(false);
  });

  it('is not told after a sign-out deleted the data on purpose', async () => {
    const db = await syncedDevice();
    await removeUserData(USER, { db, storage: testStorage() });
    expect(localStorage.length).toBe(0);
    const afterSignOut = await openUser();
    expect(await wasEvicted(afterSignOut)).toBe(false);
  });

  it('is not told when the database is the one that synced (a normal start)', async () => {
    const db = await syncedDevice();
    await db.close();
    expect(await wasEvicted(await openUser())).toBe(false);
    expect(localStorage.length).toBe(1);
  });

  it('is not told on a device that never synced', async () => {
    const db = await openUser();
    await evict(db);
    expect(await wasEvicted(await openUser())).toBe(false);
  });
});

describe('persistent storage', () => {
  it('is asked for once the database is open, unless the browser already granted it', async () => {
    const db = await openUser();
    const asked: string[] = [];
    watch(db, { asked }).stop();
    await vi.waitFor(() => expect(asked).toEqual(['persist']));
    let persistCalls = 0;
    await askForPersistence({
      persisted: () => Promise.resolve(true),
      persist: () => Promise.resolve(++persistCalls > 0),
    });
    expect(persistCalls).toBe(0);
  });
});
