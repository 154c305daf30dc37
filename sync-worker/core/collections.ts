// What the sync worker replicates per collection: the server-side filter of the pull (RLS already limits
// every table to what the user may see; the filter narrows tables where that is more than this device
// needs), the realtime bindings, and the push RPC of client-owned collections (src/db/schemas REPLICATION).
import { REPLICATION, type CollectionName, type PushRpc } from '../../src/db/schemas';
import type { ChangeKey } from '../realtime/types';

export interface CollectionSync {
  name: CollectionName;
  /** Pull only rows whose `column` equals the user id; null: every row RLS shows. */
  ownerColumn: string | null;
  /** The batched push RPC, or null for pull-only collections. */
  pushRpc: PushRpc | null;
  /** Keys of the changes on the user's topic that this collection's handler takes (row-filters.ts). */
  realtime: ChangeKey[];
}

const own = (column: string) => (userId: string) => ({ column, filter: `${column}=eq.${userId}` });

const OWNER: Record<CollectionName, ((userId: string) => { column: string; filter: string }) | null> = {
  // The own row; friends' public profiles come from a second replication (friend-profiles.ts).
  profiles: own('id'),
  user_settings: own('user_id'),
  workouts: own('user_id'),
  rest_days: own('user_id'),
  check_ins: own('user_id'),
  home_gyms: own('user_id'),
  // Verified gyms: few and public to every signed-in user.
  gyms: null,
  friendships: own('user_id'),
  // RLS shows requests I sent or received; both sides matter.
  friend_requests: null,
  notifications: own('user_id'),
  xp_events: own('user_id'),
  // RLS shows requests I made and requests for my workouts; both sides matter.
  workout_join_requests: null,
};

export function collectionSync(name: CollectionName, userId: string): CollectionSync {
  const owner = OWNER[name]?.(userId) ?? null;
  const replication = REPLICATION[name];
  const realtime: ChangeKey[] =
    // Gyms are reference data no trigger sends (one change would go to every user): the periodic
    // resync and every (re)subscribe pull them.
    name === 'gyms'
      ? []
      : name === 'friend_requests'
        ? [
            { table: name, event: '*', filter: `receiver_id=eq.${userId}` },
            { table: name, event: '*', filter: `sender_id=eq.${userId}` },
          ]
        : name === 'workout_join_requests'
          ? [
              { table: name, event: '*', filter: `owner_id=eq.${userId}` },
              { table: name, event: '*', filter: `requester_id=eq.${userId}` },
            ]
          : [{ table: name, event: '*', ...(owner ? { filter: owner.filter } : {}) }];
  return {
    name,
    ownerColumn: owner?.column ?? null,
    pushRpc: replication.mode === 'push' ? replication.rpc : null,
    realtime,
  };
}
