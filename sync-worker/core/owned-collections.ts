// The collections whose rows name their owner in `user_id`, from the generated schema: only these can be
// read back as "my rows" (`user_id=eq.<me>`, reconcile.ts). The record makes the compiler hold the list
// to the schema: a missing owned table or a table without `user_id` does not compile.
import type { Tables } from '../../src/db/database';
import type { CollectionName } from '../../src/db/schemas';

export type OwnedCollection = {
  [C in CollectionName]: 'user_id' extends keyof Tables<C> ? C : never;
}[CollectionName];

const OWNED: Record<OwnedCollection, true> = {
  user_settings: true,
  workouts: true,
  rest_days: true,
  check_ins: true,
  home_gyms: true,
  friendships: true,
  notifications: true,
  xp_events: true,
};

export function isOwnedCollection(name: CollectionName): name is OwnedCollection {
  return Object.hasOwn(OWNED, name);
}
