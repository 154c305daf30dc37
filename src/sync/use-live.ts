/**
 * How a screen reads live data: `useLive((db) => query, deps)` builds the query from the signed-in user's
 * database (useUserData) and re-renders with each result, as zbugs' `useQuery(queries.x)` does. The hook
 * memoises the query, so no screen writes `useMemo` around a live read. `useOwnProfile` and
 * `useOwnSettings` are the two reads almost every screen makes.
 */
import type { DependencyList } from 'react';
import type { SpotterDatabase } from '@/db/types';
import { useLiveSource, type LiveSource } from '@/db/use-live-query';
import { useUserData } from './user-data-context';

/** The live result of `read(db)`: undefined while loading, then the latest result (see useLiveSource). */
export function useLive<T>(
  read: (db: SpotterDatabase) => LiveSource<T> | null | undefined,
  deps: DependencyList,
): T | undefined {
  const { db } = useUserData();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `read` is rebuilt each render; deps say when it changes
  return useLiveSource(() => read(db), [db, ...deps]);
}

/** The signed-in user's own profile: undefined while loading, null before the first pull brings it. */
export function useOwnProfile() {
  const { userId } = useUserData();
  return useLive((db) => db.profiles.findOne(userId), [userId]);
}

/** The signed-in user's synced settings: undefined while loading, null before they exist. */
export function useOwnSettings() {
  const { userId } = useUserData();
  return useLive((db) => db.user_settings.findOne(userId), [userId]);
}
