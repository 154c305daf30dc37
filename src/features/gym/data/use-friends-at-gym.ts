/**
 * Friends present at a gym, from the get_friends_at_gym RPC (check-ins of friends are not replicated:
 * presence is online data). Goes through the sync worker's `rpc` with the data client's rules
 * (OnlineQueryClient: fresh 5 minutes, retries); the last answer per gym stays in memory, so offline the
 * page still shows what it knew. Opening the page asks again; a window focus asks when older than 5 min.
 */
import { useEffect, useReducer } from 'react';
import { OnlineQueryClient } from '@/sync/online-query';
import type { SyncWorkerClient } from '@/sync/sync-worker-client';
import { parseFriendsAtGym, type FriendAtGym } from '../model/presence';

const RPC = 'get_friends_at_gym';
const clients = new WeakMap<SyncWorkerClient, OnlineQueryClient>();
/** The last successful answer per gym, kept when a later request fails (offline). */
const lastGood = new WeakMap<OnlineQueryClient, Map<string, FriendAtGym[]>>();

function remember(client: OnlineQueryClient, gymId: string, friends: FriendAtGym[]): void {
  let byGym = lastGood.get(client);
  if (!byGym) {
    byGym = new Map();
    lastGood.set(client, byGym);
  }
  byGym.set(gymId, friends);
}

function clientFor(sync: SyncWorkerClient): OnlineQueryClient {
  let client = clients.get(sync);
  if (!client) {
    client = new OnlineQueryClient({ call: (name, args) => sync.rpc(name, args) });
    clients.set(sync, client);
  }
  return client;
}

export interface FriendsAtGym {
  /** The last good answer for this gym (null: none yet). */
  friends: FriendAtGym[] | null;
  /** Online and no answer yet. */
  loading: boolean;
  /** The last request failed (shown only when online). */
  failed: boolean;
  refresh: () => void;
}

export function useFriendsAtGym(sync: SyncWorkerClient, gymId: string | null, online: boolean): FriendsAtGym {
  const client = clientFor(sync);
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [nonce, refresh] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    if (gymId === null) return;
    return client.subscribe(RPC, { p_gym_id: gymId }, (answer) => {
      if (answer.ok) remember(client, gymId, parseFriendsAtGym(answer.data));
      rerender();
    });
  }, [client, gymId]);

  useEffect(() => {
    if (gymId === null || !online) return;
    const args = { p_gym_id: gymId };
    // Opening the page (or coming back online, or Try again) always asks the server again; the answer
    // reaches the component through the subscription above.
    client.invalidate(RPC);
    void client.query(RPC, args);
    const onFocus = () => void client.query(RPC, args);
    globalThis.addEventListener('focus', onFocus);
    return () => globalThis.removeEventListener('focus', onFocus);
  }, [client, gymId, online, nonce]);

  const result = gymId === null ? null : client.peek(RPC, { p_gym_id: gymId });
  const friends = result?.ok
    ? parseFriendsAtGym(result.data)
    : gymId === null
      ? null
      : (lastGood.get(client)?.get(gymId) ?? null);
  return {
    friends,
    loading: gymId !== null && online && result === null,
    failed: result !== null && !result.ok,
    refresh,
  };
}
