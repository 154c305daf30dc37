import { afterEach, describe, expect, it } from 'vitest';
import { cleanupDatabases, openTestDatabase } from '../../../test/support/browser/test-database';
import { ROWS, USER } from '../../../test/support/browser/db-fixtures';
import { COLLECTION_NAMES, COLLECTIONS, REPLICATION } from './index';

afterEach(cleanupDatabases);

describe('schemas', () => {
  it('stay within the open-core budget of collections per realm', () => {
    expect(COLLECTION_NAMES.length).toBeLessThanOrEqual(12);
  });

  it('have a migration strategy for each version above 0, and keep _modified out', () => {
    for (const name of COLLECTION_NAMES) {
      const { schema, migrationStrategies } = COLLECTIONS[name];
      expect(Object.keys(migrationStrategies ?? {}).map(Number), name).toEqual(
        Array.from({ length: schema.version }, (_, i) => i + 1),
      );
      expect(Object.keys(schema.properties)).not.toContain('_modified');
      expect(Object.keys(schema.properties)).not.toContain('_deleted');
    }
  });

  it('give a replication mode to every collection; only client-owned tables push', () => {
    const pushed = COLLECTION_NAMES.filter((n) => REPLICATION[n].mode === 'push');
    expect(pushed.sort()).toEqual(['user_settings', 'workouts']);
  });

  it('accept a real row of every table (dev-mode + ajv validation)', async () => {
    const db = await openTestDatabase({ userId: USER });
    for (const name of COLLECTION_NAMES) {
      const row = ROWS[name];
      const collection = db.collections[name] as unknown as {
        insert(d: unknown): Promise<{ toJSON(): unknown }>;
      };
      const doc = await collection.insert(row);
      expect(doc.toJSON(), name).toEqual(row);
    }
  });

  it('reject a row that breaks the schema', async () => {
    const db = await openTestDatabase({ collections: ['workouts'] });
    await expect(db.workouts.insert({ ...ROWS.workouts, type: 'karaoke' as never })).rejects.toThrow();
    await expect(
      db.workouts.insert({ ...ROWS.workouts, id: 'x', user_id: undefined as never }),
    ).rejects.toThrow();
  });
});
