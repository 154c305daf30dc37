// @clock-sensitive: wall-clock timestamps
// The worker's local-document streams over real RxDB on fake-indexeddb: the current value, every later
// write of that document, nothing for other writes; the stored ledger equals the one RxDB reads.
import { afterEach, describe, expect, it } from 'vitest';
import { updateSyncMeta, SYNC_META_ID, type SyncMeta } from '../../src/db/local-state';
import { readPending, recordPush } from '../../src/db/pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../test/support/browser/test-database';
import { localData$ } from '../../src/db/local-doc';
import { ledger$, storedLedger } from './local-doc-stream';

afterEach(cleanupDatabases);

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('localData$', () => {
  it('emits the stored value, then each write of that document only', async () => {
    const userId = crypto.randomUUID();
    const db = await openTestDatabase({ userId, collections: ['workouts'] });
    await updateSyncMeta(db, { last_synced_at: '2026-11-22T06:00:00.000Z' });
    const seen: (SyncMeta | null)[] = [];
    const sub = localData$<SyncMeta>(db, SYNC_META_ID).subscribe((v) => seen.push(v));
    await settle();
    expect(seen).toEqual([
      { last_synced_at: '2026-11-22T06:00:00.000Z', last_error: null, first_pull: null },
    ]);
    // Collection writes and other local documents are not this document's changes.
    await db.workouts.insert({
      id: 'w1',
      user_id: userId,
      type: 'yoga',
      preset: null,
      title: null,
      date: '2026-11-22',
      time: null,
      duration_min: null,
      notes: null,
      reminder_min: null,
      joined_from: null,
      created_at: '2026-11-22T06:00:00.000Z',
    });
    await db.upsertLocal('other', { x: 1 });
    await settle();
    expect(seen).toHaveLength(1);
    await updateSyncMeta(db, { last_synced_at: '2026-11-22T07:00:00.000Z' });
    await settle();
    expect(seen.at(-1)).toEqual({
      last_synced_at: '2026-11-22T07:00:00.000Z',
      last_error: null,
      first_pull: null,
    });
    expect(seen).toHaveLength(2);
    sub.unsubscribe();
  });

  it('emits null for a document that does not exist yet, and the ledger as stored', async () => {
    const db = await openTestDatabase({ collections: ['workouts'] });
    const values: unknown[] = [];
    const sub = ledger$(db).subscribe((s) => values.push(Object.keys(s.entries).length));
    const raw: unknown[] = [];
    const rawSub = localData$(db, 'missing').subscribe((v) => raw.push(v));
    await settle();
    expect(raw).toEqual([null]);
    expect(values).toEqual([0]);
    await recordPush(db, 'workouts', 'w1', new Date());
    await settle();
    expect(values.at(-1)).toBe(1);
    expect(Object.keys((await storedLedger(db)).entries)).toEqual(
      Object.keys((await readPending(db)).entries),
    );
    sub.unsubscribe();
    rawSub.unsubscribe();
  });
});
