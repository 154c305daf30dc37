// Discover people through the page's online-query cache (src/sync/online-query.ts: fresh for 5 minutes,
// shared between screens, retried on transient failures). Takes the sync handle as a prop instead of
// `useOnlineQuery`'s context, so /profile renders the same way in its component tests.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { onlineQueriesFor } from '@/sync/use-online-query';
import type { SyncWorkerClient } from '@/sync/sync-worker-client';
import { discoverArgs, discoverPeople, type DiscoverPerson } from '../model/discover';

export interface DiscoverState {
  people: DiscoverPerson[] | undefined;
  /** The last answer failed (offline, server error) and there is nothing to show from before. */
  failed: boolean;
  loading: boolean;
  refetch: () => void;
}

export function useDiscover(
  sync: Pick<SyncWorkerClient, 'rpc'>,
  search: string,
  shown: number,
): DiscoverState {
  const client = onlineQueriesFor(sync);
  const args = discoverArgs(search, shown);
  const key = JSON.stringify(args);
  // The key string decides identity.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const stableArgs = useMemo(() => args, [key]);
  const store = useMemo(
    () => ({
      subscribe: (onChange: () => void) => client.subscribe('discover_people', stableArgs, onChange),
      getSnapshot: () => client.peek('discover_people', stableArgs),
    }),
    [client, stableArgs],
  );
  const result = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  useEffect(() => {
    void client.query('discover_people', stableArgs);
  }, [client, stableArgs]);
  const people = useMemo(() => (result?.ok ? discoverPeople(result.data) : undefined), [result]);
  return {
    people,
    failed: result !== null && !result.ok,
    loading: result === null,
    refetch: () => {
      client.invalidate('discover_people');
      void client.query('discover_people', stableArgs);
    },
  };
}
