// What to pull after intents settle, so server-computed values (xp_events, the profile's xp, level and
// streaks, feed activities) arrive promptly instead of on the next realtime event or timer.
import type { PendingEntry } from '../../src/db/pending-writes';
import { isLocalTarget } from '../../src/db/pending-writes';
import type { CollectionName } from '../../src/db/schemas';
import type { LocalDocKind } from './local-docs';

export interface IntentEffects {
  collections: Set<CollectionName>;
  localDocs: Set<LocalDocKind>;
}

export function effectsOf(entries: readonly PendingEntry[]): IntentEffects {
  const collections = new Set<CollectionName>();
  // Every intent may award XP or add an activity (check-ins, rest days, the challenge).
  const localDocs = new Set<LocalDocKind>(['feed']);
  for (const entry of entries) {
    collections.add('xp_events');
    collections.add('profiles');
    if (isLocalTarget(entry.collection)) {
      localDocs.add(entry.collection === 'daily_challenge' ? 'challenge' : 'details');
    } else {
      collections.add(entry.collection);
    }
  }
  return { collections, localDocs };
}
