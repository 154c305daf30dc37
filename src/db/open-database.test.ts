// @clock-sensitive: wall-clock timestamps
import { firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseNameFor } from './database-name';
import { removeUserData } from './open-database';
import { pending$, recordPush } from './pending-writes';
import { cleanupDatabases, openTestDatabase, testStorage } from '../../test/support/browser/test-database';
import { FRIEND, ROWS, USER } from '../../test/support/browser/db-fixtures';
import { workoutSchema } from './schemas/workouts';

afterEach(cleanupDatabases);

describe('database names', () => {
  it('are derived from a hash of the user id, valid for RxDB, and differ per user', async () => {
    const a = await databaseNameFor(USER);
    expect(a).toMatch(/^spotter_[0-9a-f]{20}$/);
    expect(a).not.toContain(USER.slice(0, 8));
    expect(await databaseNameFor(USER)).toBe(a);
    expect(await databaseNameFor(FRIEND)).not.toBe(a);
  });
});

describe('two instances of one database (the page and the sync worker)', () => {
  it('see each other’s writes, in collections and local documents', async () => {
    const page = await openTestDatabase({ userId: USER, collections: ['workouts'] });
    const worker = await openTestDatabase({
      userId: USER,
      collections: ['workouts'],
      ignoreDuplicate: true,
    });
    expect(worker.name).toBe(page.name);

    const seenByWorker = firstValueFrom(
      worker.workouts.find({ selector: { user_id: USER } }).$.pipe(filter((d) => d.length === 1)),
    );
    await page.workouts.insert(ROWS.workouts);
    expect((await seenByWorker)[0]?.id).toBe(ROWS.workouts.id);

    const seenByPage = firstValueFrom(
      page.workouts.findOne(ROWS.workouts.id).$.pipe(filter((d) => d?.notes === 'from worker')),
    );
    const doc = await worker.workouts.findOne(ROWS.workouts.id).exec();
    await doc?.incrementalPatch({ notes: 'from worker' });
    expect((await seenByPage)?.notes).toBe('from worker');

    const pendingSeenByWorker = firstValueFrom(
      pending$(worker).pipe(filter((s) => Object.keys(s.entries).length === 1)),
    );
    await recordPush(page, 'workouts', ROWS.workouts.id, new Date());
    expect(Object.keys((await pendingSeenByWorker).entries)).toEqual([`workouts:${ROWS.workouts.id}`]);
  });
});

describe('one instance per realm', () => {
  it('a second open for the same user returns the open instance; after close a new one', async () => {
    const [a, b] = await Promise.all([
      openTestDatabase({ userId: USER }),
      openTestDatabase({ userId: USER }),
    ]);
    expect(b).toBe(a);
    await a.close();
    const c = await openTestDatabase({ userId: USER });
    expect(c).not.toBe(a);
    expect(c.closed).toBe(false);
  });
});

describe('per-user isolation', () => {
  it('user B’s database never shows user A’s documents', async () => {
    const a = await openTestDatabase({ userId: USER, collections: ['workouts'] });
    const b = await openTestDatabase({ userId: FRIEND, collections: ['workouts'] });
    expect(a.name).not.toBe(b.name);
    await a.workouts.insert(ROWS.workouts);
    await recordPush(a, 'workouts', ROWS.workouts.id, new Date());
    expect(await b.workouts.count().exec()).toBe(0);
    expect(await b.getLocal('pending_writes')).toBeNull();
    // And after a reopen, still nothing.
    await b.close();
    const b2 = await openTestDatabase({ userId: FRIEND, collections: ['workouts'] });
    expect(await b2.workouts.find().exec()).toEqual([]);
  });

  it('removeUserData deletes documents and local documents for good', async () => {
    const a = await openTestDatabase({ userId: USER, collections: ['workouts'] });
    await a.workouts.insert(ROWS.workouts);
    await recordPush(a, 'workouts', ROWS.workouts.id, new Date());
    await removeUserData(USER, { db: a, storage: testStorage() });
    expect(a.closed).toBe(true);
    const again = await openTestDatabase({ userId: USER, collections: ['workouts'] });
    expect(await again.workouts.count().exec()).toBe(0);
    expect(await again.getLocal('pending_writes')).toBeNull();
  });
});

describe('schema migration wiring', () => {
  it('runs the migration strategy of a new schema version over stored documents', async () => {
    const v0 = await openTestDatabase({ userId: USER, collections: ['workouts'] });
    await v0.workouts.insert({ ...ROWS.workouts, notes: null });
    await v0.close();

    const v1 = await openTestDatabase({
      userId: USER,
      collections: ['workouts'],
      creators: {
        workouts: {
          schema: { ...workoutSchema, version: 1 },
          migrationStrategies: {
            1: (doc: { notes: string | null }) => ({ ...doc, notes: doc.notes ?? 'migrated' }),
          },
        },
      },
    });
    const doc = await v1.workouts.findOne(ROWS.workouts.id).exec();
    expect(doc?.notes).toBe('migrated');
  });

  it('a database opened after a migration in this realm takes writes at once', async () => {
    // The migration above (or this test's own) added RxDB's migration plugin to the realm: from then on
    // it holds writes to each new collection above version 0 until it has checked none is due (COL25).
    const v0 = await openTestDatabase({ userId: USER, collections: ['workouts'] });
    await v0.workouts.insert({ ...ROWS.workouts, notes: null });
    await v0.close();
    await openTestDatabase({
      userId: USER,
      collections: ['workouts'],
      creators: {
        workouts: {
          schema: { ...workoutSchema, version: 1 },
          migrationStrategies: { 1: (doc: object) => doc },
        },
      },
    });
    const db = await openTestDatabase({ userId: FRIEND, collections: ['profiles'] });
    await expect(db.profiles.insert({ ...ROWS.profiles, id: FRIEND })).resolves.toBeTruthy();
  });

  it('refuses to open a new schema version without a strategy', async () => {
    const v0 = await openTestDatabase({ userId: USER, collections: ['workouts'] });
    await v0.workouts.insert(ROWS.workouts);
    await v0.close();
    await expect(
      openTestDatabase({
        userId: USER,
        collections: ['workouts'],
        creators: { workouts: { schema: { ...workoutSchema, version: 1 } } },
      }),
    ).rejects.toThrow();
  });
});
