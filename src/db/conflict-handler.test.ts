import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from './schemas';
import { ROWS } from '../../test/support/browser/db-fixtures';
import type { WorkoutDoc } from './schemas';
import type { WithDeleted } from 'rxdb';

const handler = COLLECTIONS.workouts.conflictHandler;
if (!handler) throw new Error('workouts must have a conflict handler');
const base: WithDeleted<WorkoutDoc> = { ...ROWS.workouts, _deleted: false };

describe('three-way merge for client-owned rows', () => {
  it('keeps the local change of one field and the other device’s change of another', async () => {
    const merged = await handler.resolve(
      {
        assumedMasterState: base,
        realMasterState: { ...base, title: 'Leg day (moved)', date: '2026-11-23' },
        newDocumentState: { ...base, notes: 'bring chalk' },
      },
      'test',
    );
    expect(merged).toMatchObject({ title: 'Leg day (moved)', date: '2026-11-23', notes: 'bring chalk' });
  });

  it('the local side wins a field both changed; server formatting of other columns is kept', async () => {
    const merged = await handler.resolve(
      {
        assumedMasterState: base,
        realMasterState: { ...base, time: '08:00:00', created_at: '2026-11-21T20:00:00+00:00' },
        newDocumentState: { ...base, time: '09:00:00' },
      },
      'test',
    );
    expect(merged).toMatchObject({ time: '09:00:00', created_at: '2026-11-21T20:00:00+00:00' });
  });

  it('a delete on either side wins over an edit of other fields', async () => {
    const remoteDeleted = await handler.resolve(
      {
        assumedMasterState: base,
        realMasterState: { ...base, _deleted: true },
        newDocumentState: { ...base, notes: 'edited offline' },
      },
      'test',
    );
    expect(remoteDeleted._deleted).toBe(true);
    const localDeleted = await handler.resolve(
      {
        assumedMasterState: base,
        realMasterState: { ...base, notes: 'edited elsewhere' },
        newDocumentState: { ...base, _deleted: true },
      },
      'test',
    );
    expect(localDeleted._deleted).toBe(true);
  });

  it('without an assumed state (a first push meeting an existing row) the local fields win', async () => {
    const merged = await handler.resolve(
      { realMasterState: { ...base, notes: 'server' }, newDocumentState: { ...base, notes: 'local' } },
      'test',
    );
    expect(merged.notes).toBe('local');
  });

  it('isEqual looks at client-owned fields only (a timestamp’s formatting is no local change)', () => {
    expect(handler.isEqual(base, { ...base, created_at: '2026-11-21T20:00:00+00:00' }, 't')).toBe(true);
    expect(handler.isEqual(base, { ...base, notes: 'x' }, 't')).toBe(false);
    expect(handler.isEqual(base, { ...base, _deleted: true }, 't')).toBe(false);
  });
});
