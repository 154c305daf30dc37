/**
 * Opens the signed-in user's local database and hands the session to the sync worker. Owns the page's
 * single SyncWorkerClient: every access-token change (sign-in, refresh, another user) goes to the worker
 * (which never refreshes tokens itself) and to the service worker's token store (queued writes replay with
 * the freshest token). Renders its children once the database is open; until then a quiet loader.
 */
import { Center, Loader } from '@mantine/core';
import type { User } from '@supabase/supabase-js';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { openDatabase } from '@/db/open-database';
import type { SpotterDatabase } from '@/db/types';
import { SyncWorkerClient } from '@/sync/sync-worker-client';
import { UserDataContext, type UserData } from './user-data-context';

let pageSyncClient: SyncWorkerClient | null = null;

/** The page's one sync-worker handle (created on first sign-in, kept for the page's life). */
export function getPageSyncClient(): SyncWorkerClient {
  pageSyncClient ??= new SyncWorkerClient();
  return pageSyncClient;
}

interface UserDataProviderProps {
  user: User;
  accessToken: string;
  children: ReactNode;
}

export function UserDataProvider({ user, accessToken, children }: UserDataProviderProps) {
  const userId = user.id;
  const [db, setDb] = useState<{ userId: string; db: SpotterDatabase } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const sync = getPageSyncClient();

  useEffect(() => {
    let current = true;
    openDatabase({ userId }).then(
      (opened) => {
        if (current) setDb({ userId, db: opened });
      },
      (error: unknown) => {
        if (current) setFailure(error);
      },
    );
    return () => {
      current = false;
    };
  }, [userId]);

  useEffect(() => {
    void sync.onAuthChange({ userId, accessToken });
  }, [sync, userId, accessToken]);

  const value = useMemo<UserData | null>(
    () => (db !== null && db.userId === userId ? { userId, user, db: db.db, sync } : null),
    [db, userId, user, sync],
  );

  // A database that cannot open is a rendering error: the route error screen explains and offers reload.
  if (failure !== null)
    throw failure instanceof Error
      ? failure
      : new Error('The local database could not be opened.', { cause: failure });
  if (value === null) {
    return (
      <Center mih="60vh" aria-busy="true">
        <Loader />
      </Center>
    );
  }
  return <UserDataContext.Provider value={value}>{children}</UserDataContext.Provider>;
}
