import { afterEach, describe, expect, it } from 'vitest';
import { migrationDue } from './migration-due';
import { COLLECTIONS } from './schemas';
import { workoutSchema } from './schemas/workouts';
import { ROWS, USER } from '../../test/support/browser/db-fixtures';
import { cleanupDatabases, openTestDatabase } from '../../test/support/browser/test-database';

afterEach(cleanupDatabases);

const workoutsV1 = {
  schema: { ...workoutSchema, version: 1 },
  migrationStrategies: { 1: (doc: unknown) => doc },
};

describe('migrationDue (whether the migration-schema plugin must load)', () => {
  it('is false for a new database, which opens all collections (some above version 0) without it', async () => {
    const db = await openTestDatabase({ userId: USER });
    expect(COLLECTIONS.notifications.schema.version).toBeGreaterThan(0);
    expect(await migrationDue(db, COLLECTIONS)).toBe(false);
    expect(await db.notifications.find().exec()).toEqual([]);
  });

  it('is true while a stored collection is at an older version, false once it has migrated', async () => {
    const v0 = await openTestDatabase({ userId: USER, collections: ['workouts'] });
    await v0.workouts.insert(ROWS.workouts);
    expect(await migrationDue(v0, { workouts: COLLECTIONS.workouts })).toBe(false);
    expect(await migrationDue(v0, { workouts: workoutsV1 })).toBe(true);
    await v0.close();

    const v1 = await openTestDatabase({
      userId: USER,
      collections: ['workouts'],
      creators: { workouts: workoutsV1 },
    });
    expect(await v1.workouts.findOne(ROWS.workouts.id).exec()).not.toBeNull();
    expect(await migrationDue(v1, { workouts: workoutsV1 })).toBe(false);
  });
});
