// Sign-out hygiene on real RxDB (fake-indexeddb): a database with unacknowledged writes is kept (closed)
// for the same user's next sign-in; one without is deleted.
import { afterEach, describe, expect, it } from 'vitest';
import { planWorkout } from '@/db/commands/workouts';
import { openDatabase, removeUserData } from '@/db/open-database';
import { acknowledgePushed, readPending } from '@/db/pending-writes';
import {
  cleanupDatabases,
  openTestDatabase,
  testStorage,
  userIdOf,
} from '../../../test/support/browser/test-database';
import { databaseNameFor } from '@/db/database-name';
import { writeLocalDataMarker } from '@/db/storage-health/local-data-marker';
import { closeOrRemoveUserData, holdsUnsentWrites, neverSyncedHere } from './page-services';

const remove: typeof removeUserData = (userId, options) =>
  removeUserData(userId, { ...options, storage: testStorage() });

afterEach(async () => {
  await cleanupDatabases();
});

describe('sign-out hygiene', () => {
  it('keeps a database with an unsent write, and its write, for the next sign-in', async () => {
    const db = await openTestDatabase();
    const userId = userIdOf(db);
    const planned = await planWorkout({ db, userId }, { type: 'cardio', date: '2026-11-22' });
    if (!planned.ok) throw new Error('plan failed');
    expect(await holdsUnsentWrites(db)).toBe(true);

    expect(await closeOrRemoveUserData(userId, db, remove)).toBe('kept');
    expect(db.closed).toBe(true);
    const again = await openTestDatabase({ userId });
    expect(await again.workouts.findOne(planned.value.id).exec()).not.toBeNull();
    expect(Object.keys((await readPending(again)).entries)).toHaveLength(1);
  });

  it('deletes a database whose writes were all acknowledged', async () => {
    const db = await openTestDatabase();
    const userId = userIdOf(db);
    const planned = await planWorkout({ db, userId }, { type: 'cardio', date: '2026-11-22' });
    if (!planned.ok) throw new Error('plan failed');
    const doc = await db.workouts.findOne(planned.value.id).exec();
    if (!doc) throw new Error('no workout');
    await acknowledgePushed(db, 'workouts', [{ ...doc.toMutableJSON(), _deleted: false }]);
    expect(await holdsUnsentWrites(db)).toBe(false);

    expect(await closeOrRemoveUserData(userId, db, remove)).toBe('removed');
    const fresh = await openDatabase({ userId, storage: testStorage() });
    expect(await fresh.workouts.count().exec()).toBe(0);
    await fresh.close();
    await remove(userId);
  });
});

describe('a new device starts its sync worker at once', () => {
  /** localStorage's three methods over a Map (the unit project runs without a DOM). */
  const memoryStore = () => {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
  };

  it('until this browser has completed a pull for the user (the synced-data note), and per user', async () => {
    const store = memoryStore();
    expect(await neverSyncedHere('user-a', store)).toBe(true);
    writeLocalDataMarker(await databaseNameFor('user-a'), 'token-1', store);
    expect(await neverSyncedHere('user-a', store)).toBe(false);
    expect(await neverSyncedHere('user-b', store)).toBe(true);
  });
});
