// @clock-sensitive: day ranges
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays } from '../domain/dates';
import * as q from './queries';
import { cleanupDatabases, openTestDatabase } from '../../test/support/browser/test-database';
import { FRIEND, ROWS, USER } from '../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from './types';

afterEach(cleanupDatabases);

const DESC = new Set([
  'openCheckIn',
  'presentAtGym',
  'friendships',
  'incomingFriendRequests',
  'outgoingFriendRequests',
  'notificationsNewestFirst',
]);

interface Planned {
  getPreparedQuery(): {
    queryPlan: { index: string[]; sortSatisfiedByIndex: boolean; selectorSatisfiedByIndex: boolean };
  };
}

function cases(db: SpotterDatabase): [string, Planned, string[]][] {
  return [
    ['workoutsInRange', q.workoutsInRange(db, USER, '2026-01-01', '2026-12-31'), ['user_id', 'date']],
    ['restDaysInRange', q.restDaysInRange(db, USER, '2026-01-01', '2026-12-31'), ['user_id', 'day']],
    ['openCheckIn', q.openCheckIn(db, USER), ['user_id', 'checked_in_at']],
    ['presentAtGym', q.presentAtGym(db, 'gym-a', '2026-11-22T00:00:00Z'), ['gym_id', 'checked_in_at']],
    ['homeGyms', q.homeGyms(db, USER), ['user_id', 'position']],
    ['gymsByName', q.gymsByName(db), ['name']],
    ['friendships', q.friendships(db, USER), ['user_id', 'created_at']],
    ['profilesByName', q.profilesByName(db, [FRIEND]), ['username']],
    ['incomingFriendRequests', q.incomingFriendRequests(db, USER), ['receiver_id', 'status', 'created_at']],
    ['outgoingFriendRequests', q.outgoingFriendRequests(db, USER), ['sender_id', 'status', 'created_at']],
    [
      'pendingFriendRequestCount',
      q.pendingFriendRequestCount(db, USER),
      ['receiver_id', 'status', 'created_at'],
    ],
    ['notificationsNewestFirst', q.notificationsNewestFirst(db, USER), ['user_id']],
    ['unreadNotificationCount', q.unreadNotificationCount(db, USER), ['user_id', 'is_read', 'created_at']],
  ];
}

describe('screen queries', () => {
  it('each run on its index, ascending sorts straight from the index order', async () => {
    const db = await openTestDatabase({
      userId: USER,
      collections: [
        'workouts',
        'rest_days',
        'check_ins',
        'home_gyms',
        'gyms',
        'friendships',
        'profiles',
        'friend_requests',
        'notifications',
      ],
    });
    for (const [name, query, fields] of cases(db)) {
      const plan = query.getPreparedQuery().queryPlan;
      // RxDB prefixes every index with _deleted and suffixes the primary key.
      expect(plan.index.slice(0, fields.length + 1), name).toEqual(['_deleted', ...fields]);
      // RxDB re-sorts any 'desc' sort in memory (query-planner.js); the index still bounds the rows
      // read to the equality prefix (my rows), so only ascending sorts come straight from the index.
      if (name.endsWith('Count')) {
        // A count must be answered from the index alone (dev-mode refuses slow counts: QU14).
        expect(plan.selectorSatisfiedByIndex, name).toBe(true);
      } else {
        expect(plan.sortSatisfiedByIndex, name).toBe(!DESC.has(name));
      }
    }
  });

  it('a local insert reaches a live calendar query with a year of data present', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['workouts', 'rest_days'] });
    const start = '2025-11-23';
    const rows = Array.from({ length: 365 }, (_, i) => ({
      ...ROWS.workouts,
      id: `w-${String(i).padStart(4, '0')}`,
      date: addDays(start, i),
    }));
    // Friends' workouts live in the same collection; the index keeps them out of my range scan.
    const friends = rows.map((r) => ({ ...r, id: `f${r.id}`, user_id: FRIEND }));
    await db.workouts.bulkInsert([...rows, ...friends]);
    const query = q.workoutsInRange(db, USER, '2026-11-01', '2026-11-30');
    await firstValueFrom(query.$);

    // Each insert reaches the live query; how fast is the bench's figure (local_write_to_ui_p95_ms),
    // and that the range scan stays on the index is the query-plan test's above.
    for (let i = 0; i < 10; i++) {
      const id = `new-${i}`;
      const seen = firstValueFrom(query.$.pipe(filter((docs) => docs.some((d) => d.id === id))));
      await db.workouts.insert({ ...ROWS.workouts, id, date: '2026-11-15' });
      const docs = await seen;
      // November's 22 days of the year's rows, the inserts so far, and none of the friend's.
      expect(docs.length).toBe(22 + i + 1);
      expect(docs.every((d) => d.user_id === USER)).toBe(true);
    }
  });
});
