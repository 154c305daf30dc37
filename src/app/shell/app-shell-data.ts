import { useMemo } from 'react';
import { pendingFriendRequestCount, unreadNotificationCount } from '@/db/queries';
import type { ProfileDoc } from '@/db/schemas';
import type { LocalProgress } from '@/db/progress/local-progress';
import { useLocalProgress } from '@/db/progress/use-local-progress';
import { useUserData } from '../../sync/user-data-context';
import { useLive, useOwnProfile } from '@/sync/use-live';

export interface ShellData {
  /** The own profile as last pulled: undefined while loading, null before the first pull brought it. */
  profile: ProfileDoc | null | undefined;
  /** XP, level and streak including local writes the server has not confirmed yet. */
  progress: LocalProgress | undefined;
  /** Unread notifications (the bell's badge). */
  unread: number;
  /** Pending incoming friend requests (the Profile tab's badge). */
  pendingRequests: number;
}

/** Everything the shell shows, live from the local database: it moves the moment a local write lands. */
export function useShellData(): ShellData {
  const { db, userId } = useUserData();
  const profileDoc = useOwnProfile();
  const profile = useMemo(
    () => (profileDoc === undefined || profileDoc === null ? profileDoc : profileDoc.toJSON()),
    [profileDoc],
  );
  return {
    profile,
    progress: useLocalProgress(db, userId),
    unread: useLive((db) => unreadNotificationCount(db, userId), [userId]) ?? 0,
    pendingRequests: useLive((db) => pendingFriendRequestCount(db, userId), [userId]) ?? 0,
  };
}
