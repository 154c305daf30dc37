// Which collections can be read back as "my rows" after a refused set-wide intent (reconcile.ts):
// only tables with a `user_id` column; the others would answer 400 to `user_id=eq.<me>`.
import { describe, expect, it } from 'vitest';
import { COLLECTION_NAMES } from '../../src/db/schemas';
import { isOwnedCollection } from './owned-collections';

describe('isOwnedCollection', () => {
  it('holds for the tables keyed by user_id and for no other synced table', () => {
    expect(COLLECTION_NAMES.filter(isOwnedCollection).sort()).toEqual([
      'check_ins',
      'friendships',
      'home_gyms',
      'notifications',
      'rest_days',
      'user_settings',
      'workouts',
      'xp_events',
    ]);
    // The own profile is keyed by id; requests name their two sides; gyms belong to nobody.
    for (const name of ['profiles', 'friend_requests', 'workout_join_requests', 'gyms'] as const) {
      expect(isOwnedCollection(name), name).toBe(false);
    }
  });
});
