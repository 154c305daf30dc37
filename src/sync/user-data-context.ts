/**
 * What every signed-in screen reads: the user's id, their local RxDB database (opened once per user) and
 * the page's handle on the sync worker (status, syncNow, online-only RPCs). Provided by
 * `UserDataProvider` inside the `_app` layout, below the session guard.
 */
import type { User } from '@supabase/supabase-js';
import { createContext, useContext } from 'react';
import type { SpotterDatabase } from '@/db/types';
import type { SyncWorkerClient } from '@/sync/sync-worker-client';

export interface UserData {
  userId: string;
  /** The auth user (e-mail, metadata such as `walkthrough_done_v1`). */
  user: User;
  db: SpotterDatabase;
  sync: SyncWorkerClient;
}

export const UserDataContext = createContext<UserData | null>(null);

/** The signed-in user's data; only valid below `UserDataProvider` (every protected route). */
export function useUserData(): UserData {
  const value = useContext(UserDataContext);
  if (value === null) throw new Error('useUserData() used outside UserDataProvider');
  return value;
}
