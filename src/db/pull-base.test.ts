// @clock-sensitive: wall-clock timestamps
import type { RxDocumentData } from 'rxdb';
import { afterEach, describe, expect, it } from 'vitest';
import { editWorkout, planWorkout } from './commands/workouts';
import { pullBaseOf } from './pull-base';
import type { WorkoutDoc } from './schemas/workouts';
import { cleanupDatabases, openTestDatabase, userIdOf } from '../../test/support/browser/test-database';
import { ROWS } from '../../test/support/browser/db-fixtures';

afterEach(cleanupDatabases);

type Stored = RxDocumentData<WorkoutDoc & { id: string }>;

describe('pull bases (the server state a local edit started from)', () => {
  async function setup() {
    const db = await openTestDatabase();
    const userId = userIdOf(db);
    const stored = async (id: string) =>
      (await db.workouts.storageInstance.findDocumentsById([id], true))[0] as Stored | undefined;
    /** Writes `doc` as a pull does: first revision, marked as the replication's own. */
    async function pulled(doc: WorkoutDoc) {
      await db.workouts.storageInstance.originalStorageInstance.bulkWrite(
        [
          {
            document: {
              ...doc,
              _deleted: false,
              _attachments: {},
              _rev: '1-pulled',
              _meta: { lwt: Date.now(), o: { _rev: 1, hash: 'pulled' } },
            },
          },
        ],
        'test-pull',
      );
    }
    return { db, ctx: { db, userId }, userId, stored, pulled };
  }

  const row = (userId: string, id: string): WorkoutDoc => ({
    ...ROWS.workouts,
    id,
    user_id: userId,
    title: 'Server title',
  });

  it('an edit of a pulled document records that document as its base', async () => {
    const { ctx, userId, stored, pulled } = await setup();
    await pulled(row(userId, 'pulled-0001'));
    const edited = await editWorkout(ctx, 'pulled-0001', { notes: 'felt strong' });
    expect(edited.ok).toBe(true);
    const doc = await stored('pulled-0001');
    expect(doc?.notes).toBe('felt strong');
    expect(pullBaseOf(doc as never)).toEqual({ ...row(userId, 'pulled-0001'), _deleted: false });
  });

  it('a second local edit keeps the base of the first (the state the server still holds)', async () => {
    const { ctx, userId, stored, pulled } = await setup();
    await pulled(row(userId, 'pulled-0002'));
    await editWorkout(ctx, 'pulled-0002', { notes: 'one' });
    await editWorkout(ctx, 'pulled-0002', { title: 'Two' });
    const doc = await stored('pulled-0002');
    expect(doc).toMatchObject({ notes: 'one', title: 'Two' });
    expect(pullBaseOf(doc as never)?.title).toBe('Server title');
    expect(pullBaseOf(doc as never)?.notes).toBeNull();
  });

  it('documents created on this device get no base (their push is an insert)', async () => {
    const { ctx, stored } = await setup();
    const planned = await planWorkout(ctx, { type: 'yoga', date: '2026-12-02' });
    if (!planned.ok) throw new Error('plan failed');
    await editWorkout(ctx, planned.value.id, { notes: 'later' });
    expect(pullBaseOf((await stored(planned.value.id)) as never)).toBeUndefined();
  });
});
