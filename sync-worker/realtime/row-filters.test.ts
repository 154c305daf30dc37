import { describe, expect, it } from 'vitest';
import { changeOf, keyMatches, rowMatches } from './row-filters';

describe('row filters of the user topic', () => {
  it('matches eq, neq and in on the row, as text', () => {
    const row = { id: 'a', user_id: 'u1', n: 3, none: null };
    expect(rowMatches(undefined, row)).toBe(true);
    expect(rowMatches('user_id=eq.u1', row)).toBe(true);
    expect(rowMatches('user_id=eq.u2', row)).toBe(false);
    expect(rowMatches('n=eq.3', row)).toBe(true);
    expect(rowMatches('id=neq.b', row)).toBe(true);
    expect(rowMatches('none=neq.b', row)).toBe(false);
    expect(rowMatches('id=in.(x,a,"y")', row)).toBe(true);
    expect(rowMatches('id=in.(x,y)', row)).toBe(false);
    expect(rowMatches('id=gt.a', row)).toBe(false);
  });

  it('reads broadcast_changes payloads and matches keys on the new row, or the old one for DELETE', () => {
    const change = changeOf({
      event: 'UPDATE',
      payload: {
        operation: 'UPDATE',
        table: 'workouts',
        schema: 'public',
        record: { id: 'w', user_id: 'u1' },
        old_record: { id: 'w' },
      },
    });
    expect(change).toEqual({
      eventType: 'UPDATE',
      table: 'workouts',
      schema: 'public',
      new: { id: 'w', user_id: 'u1' },
      old: { id: 'w' },
    });
    expect(keyMatches({ table: 'workouts', event: '*', filter: 'user_id=eq.u1' }, change!)).toBe(true);
    expect(keyMatches({ table: 'workouts', event: 'INSERT' }, change!)).toBe(false);
    expect(keyMatches({ table: 'rest_days', event: '*' }, change!)).toBe(false);
    const deleted = changeOf({
      payload: {
        operation: 'DELETE',
        table: 'workouts',
        schema: 'public',
        record: null,
        old_record: { id: 'w' },
      },
    });
    expect(keyMatches({ table: 'workouts', event: '*', filter: 'id=eq.w' }, deleted!)).toBe(true);
    expect(changeOf({ payload: { operation: 'TRUNCATE', table: 't', schema: 'public' } })).toBeNull();
    expect(changeOf({ event: 'x', payload: 'text' })).toBeNull();
  });
});
