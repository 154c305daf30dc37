/**
 * React access to online-only data (search, discovery, public profiles): one `OnlineQueryClient` per
 * sync-worker handle (so per page), calling the worker's `rpc` (the session's token, the client-info
 * header). `useOnlineQuery` fetches when a component starts observing a key whose answer is missing or
 * stale (5 min), never on window focus, and keeps the entry alive while observed.
 */
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useUserData } from '@/sync/user-data-context';
import type { FunctionName } from '@/db/database';
import type { RpcResult } from '../../sync-worker/api';
import { OnlineQueryClient, queryKey } from './online-query';
import type { SyncWorkerClient } from './sync-worker-client';

const clients = new WeakMap<Pick<SyncWorkerClient, 'rpc'>, OnlineQueryClient>();

/** The page's online-query cache for a sync-worker handle. */
export function onlineQueriesFor(sync: Pick<SyncWorkerClient, 'rpc'>): OnlineQueryClient {
  let client = clients.get(sync);
  if (!client) {
    client = new OnlineQueryClient({ call: (name, args) => sync.rpc(name, args) });
    clients.set(sync, client);
  }
  return client;
}

/** The signed-in page's online-query client (mutations: `mutate`, then `invalidate` what they change). */
export function useOnlineQueries(): OnlineQueryClient {
  return onlineQueriesFor(useUserData().sync);
}

export interface OnlineQueryState<T> {
  /** The last answer (ok or an error value), or null before the first one arrived. */
  result: RpcResult<T> | null;
  loading: boolean;
  data: T | undefined;
  /** Marks the answer stale and fetches again. */
  refetch: () => Promise<RpcResult<T>>;
}

export function useOnlineQuery<T = unknown>(
  name: FunctionName,
  args: Record<string, unknown> = {},
  options: { enabled?: boolean; client?: OnlineQueryClient } = {},
): OnlineQueryState<T> {
  const { sync } = useUserData();
  const client = options.client ?? onlineQueriesFor(sync);
  const enabled = options.enabled ?? true;
  const key = queryKey(name, args);
  // Callers pass literals; the key string decides identity.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableArgs = useMemo(() => args, [key]);

  const store = useMemo(
    () => ({
      subscribe: (onChange: () => void) => client.subscribe(name, stableArgs, onChange),
      getSnapshot: () => client.peek<T>(name, stableArgs),
    }),
    [client, name, stableArgs],
  );
  const result = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);

  useEffect(() => {
    if (enabled) void client.query(name, stableArgs);
  }, [client, name, stableArgs, enabled]);

  return {
    result,
    loading: enabled && result === null,
    data: result?.ok ? result.data : undefined,
    refetch: () => {
      client.invalidate(name);
      return client.query<T>(name, stableArgs);
    },
  };
}
