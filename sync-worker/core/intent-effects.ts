// What to pull after intents settle, so server-computed values (xp_events, the profile's xp, level and
// streaks, feed activities) arrive promptly instead of on the next realtime event or timer.
import { isLocalTarget } from '../../src/db/pending-writes';
import type { CollectionName } from '../../src/db/schemas';
import type { SettledIntent } from '../intents/intent-sender';
import type { LocalDocKind } from './local-docs';
import { isOwnedCollection, type OwnedCollection } from './owned-collections';

export interface IntentEffects {
  collections: Set<CollectionName>;
  localDocs: Set<LocalDocKind>;
  /**
   * Collections whose own rows must be read whole again: a refused intent that covered a set of rows
   * (set_home_gyms, mark_all / delete_all notifications) has no per-row `previous` to roll back, and
   * pulls made while it was pending kept the local state, so their checkpoint is past those rows.
   */
  reconcile: Set<OwnedCollection>;
}

export function effectsOf(settled: readonly SettledIntent[], userId: string): IntentEffects {
  const collections = new Set<CollectionName>();
  // Every intent may award XP or add an activity (check-ins, rest days, the challenge).
  const localDocs = new Set<LocalDocKind>(['feed']);
  const reconcile = new Set<OwnedCollection>();
  for (const { entry, status } of settled) {
    collections.add('xp_events');
    collections.add('profiles');
    if (isLocalTarget(entry.collection)) {
      localDocs.add(
        entry.collection === 'daily_challenge'
          ? 'challenge'
          : entry.collection === 'feed_window'
            ? 'feed'
            : 'details',
      );
    } else {
      collections.add(entry.collection);
      // An accepted or sent request can make a friendship (both rows change in the RPC's transaction).
      if (entry.collection === 'friend_requests') collections.add('friendships');
      // Only collections keyed by `user_id` can be read back as my rows (the own profile never is).
      if (status === 'refused' && entry.doc_id === userId && isOwnedCollection(entry.collection)) {
        reconcile.add(entry.collection);
      }
    }
  }
  return { collections, localDocs, reconcile };
}
