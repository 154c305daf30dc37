/**
 * Gives the signed-in screens the user's local database and the page's sync-worker handle. The page's
 * data services (page-services.ts) start on first render: from then on every access-token change goes
 * to the sync worker and the service worker's token store, and a sign-out stops the worker. Renders its
 * children once the database is open; until then a quiet loader. The sync worker itself starts after the
 * first screen below has rendered (after-first-screen.ts): its bundle is not on that screen's path.
 * While the database is open, the own profile's zone follows the device's (device-zone.ts), and a push
 * subscription the service worker could not renew is registered again, and the user hears about a full
 * or cleared local storage (storage-notices.tsx).
 */
import { Center, Loader } from '@mantine/core';
import type { User } from '@supabase/supabase-js';
import { useRouter } from '@tanstack/react-router';
import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SpotterDatabase } from '@/db/types';
import { resolveTimeZone, todayIn } from '@/domain/dates';
import { purgeStaleRestDayFlags } from '@/lib/rest-day-flag';
import type { SyncWorkerClient } from '@/sync/sync-worker-client';
import { afterFirstScreen } from './after-first-screen';
import { followDeviceZone } from '../../lib/device-zone';
import { getPageServices } from './page-services';
import { StorageNotices } from './storage-notices';
import { UserDataContext, type UserData } from '../../sync/user-data-context';

/** The page's one sync-worker handle (created on first sign-in, kept for the page's life). */
export function getPageSyncClient(): SyncWorkerClient {
  return getPageServices().sync;
}

interface UserDataProviderProps {
  user: User;
  /** The session's token; the page services read tokens from the session store themselves. */
  accessToken?: string;
  children: ReactNode;
}

export function UserDataProvider({ user, children }: UserDataProviderProps) {
  const userId = user.id;
  const [db, setDb] = useState<{ userId: string; db: SpotterDatabase } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const services = getPageServices();
  const sync = services.sync;

  // Spec point 4: quick local rest-day records are valid for today only; older ones go at start-up.
  useEffect(() => {
    purgeStaleRestDayFlags(todayIn(resolveTimeZone(null), new Date()));
  }, []);

  useEffect(() => {
    let current = true;
    services.openUserDatabase(userId).then(
      (opened) => {
        // In a transition: the first screen's mount renders in slices, not one long task (Lighthouse's
        // blocking time). The live values it then reads (queries, the worker's status) render in
        // transitions too (use-live-query.ts), so none of them interrupts and restarts this render; an
        // urgent status update once did, and a new device's streak showed 7 s after sign-in.
        if (current) startTransition(() => setDb({ userId, db: opened }));
      },
      (error: unknown) => {
        if (current) setFailure(error);
      },
    );
    return () => {
      current = false;
    };
  }, [services, userId]);

  const value = useMemo<UserData | null>(
    () => (db !== null && db.userId === userId ? { userId, user, db: db.db, sync } : null),
    [db, userId, user, sync],
  );

  // The own profile's zone follows this device's (device-zone.ts): on sign-in, focus and zone changes.
  const openDb = value?.db ?? null;
  useEffect(() => {
    if (openDb === null) return undefined;
    const follower = followDeviceZone({ ctx: { db: openDb, userId } });
    return () => follower.stop();
  }, [openDb, userId]);

  const router = useRouter();
  const rendered = value !== null;
  useEffect(() => {
    if (!rendered) return undefined;
    return afterFirstScreen(router, () => services.startSyncWorker());
  }, [rendered, router, services]);

  // A push subscription the browser rotated while the service worker had no session is registered
  // again (src/features/push/renew-subscription.ts; a lazy chunk, off the first screen's path).
  useEffect(() => {
    if (openDb === null) return undefined;
    return afterFirstScreen(router, () => {
      void import('@/features/push/renew-on-start')
        .then((push) => push.renewPushOnStart({ db: openDb, userId }))
        .catch((error: unknown) => console.warn('push: renewal on start failed', error));
    });
  }, [openDb, router, userId]);

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
  return (
    <UserDataContext.Provider value={value}>
      <StorageNotices db={value.db} sync={sync} />
      {children}
    </UserDataContext.Provider>
  );
}
