// @clock-sensitive: wall-clock timestamps
import type { RxDocumentData } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import { planWorkout } from '../../src/db/commands/workouts';
import type { WorkoutDoc } from '../../src/db/schemas/workouts';
import { ROWS } from '../../test/support/browser/db-fixtures';
import { cleanupDatabases, openTestDatabase, userIdOf } from '../../test/support/browser/test-database';
import { insertNew } from './insert-new';

afterEach(cleanupDatabases);

type Stored = RxDocumentData<WorkoutDoc & { id: string }>;

describe('insertNew (the first pull’s page write)', () => {
  const doc = (userId: string, id: string, title: string): Stored => ({
    ...ROWS.workouts,
    id,
    user_id: userId,
    title,
    date: '2026-12-01',
    _deleted: false,
    _attachments: {},
    _rev: '1-pulled',
    _meta: { lwt: Date.now() },
  });

  it('writes new documents, leaves a taken id alone, and emits the insert events bulkWrite would', async () => {
    const db = await openTestDatabase();
    const userId = userIdOf(db);
    const mine = await planWorkout({ db, userId }, { type: 'yoga', date: '2026-12-02', title: 'Mine' });
    if (!mine.ok) throw new Error('plan failed');
    const seen: string[] = [];
    const sub = db.workouts.$.subscribe((event) => seen.push(`${event.operation} ${event.documentId}`));

    const storage = db.workouts.storageInstance.originalStorageInstance;
    const taken = await insertNew(
      storage as never,
      [
        doc(userId, 'pulled-0001', 'A'),
        doc(userId, mine.value.id, 'Server'),
        doc(userId, 'pulled-0002', 'B'),
      ] as never,
      'test-first-pull',
    );

    expect([...taken]).toEqual([mine.value.id]);
    // The local document keeps its own state; the new ones are stored and readable as RxDB documents.
    expect((await db.workouts.findOne(mine.value.id).exec())?.title).toBe('Mine');
    expect((await db.workouts.findOne('pulled-0001').exec())?.title).toBe('A');
    expect((await db.workouts.findOne('pulled-0002').exec())?.title).toBe('B');
    // Live queries saw the two inserts (and nothing for the taken id).
    await expect.poll(() => seen.sort()).toEqual(['INSERT pulled-0001', 'INSERT pulled-0002']);
    // Queries by index find them (the stored form is RxDB's own, booleans included).
    const onDate = await db.workouts.find({ selector: { user_id: userId, date: '2026-12-01' } }).exec();
    expect(onDate.map((d) => d.id).sort()).toEqual(['pulled-0001', 'pulled-0002']);
    sub.unsubscribe();
  });
});
