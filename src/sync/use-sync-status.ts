/**
 * `useSyncStatus()`: what a sync indicator shows. The data layer's view model (online, pending local
 * writes and since when, queued requests, last sync, last error, failed writes) with the service worker's
 * unclaimed refused requests, plus the worker's own status (leader, realtime, needs a token).
 */
import { useMemo } from 'react';
import { useUserData } from '@/sync/user-data-context';
import { dismissFailedWrite } from '@/db/pending-writes';
import { requestReplay } from '@/lib/service-worker/write-queue';
import type { WorkerStatus } from '../../sync-worker/api';
import { dismissRejectedRequest, sharedPageSyncStatus$, type PageSyncStatus } from './page-sync-status';
import { useSyncWorkerStatus } from './use-sync-worker-status';
import { useLive } from '@/sync/use-live';

export interface SyncStatusView {
  /** undefined until the local sources answered (a few ms after the database opened). */
  status: PageSyncStatus | undefined;
  worker: WorkerStatus;
  /** "Sync now": a resync in the leading worker and a replay of the service worker's queue. */
  syncNow: () => void;
  /** Hides a refused local write (`status.failedWrites[].key`). */
  dismissFailedWrite: (key: string) => Promise<void>;
  /** Hides a refused queued request (`status.rejectedRequests[].id`). */
  dismissRejectedRequest: (id: string) => Promise<void>;
}

export function useSyncStatus(): SyncStatusView {
  const { db, userId, sync } = useUserData();
  const status = useLive((db) => sharedPageSyncStatus$(db, userId), [userId]);
  const worker = useSyncWorkerStatus(sync);
  return useMemo(
    () => ({
      status,
      worker,
      syncNow: () => {
        void sync.syncNow();
        void requestReplay();
      },
      dismissFailedWrite: (key: string) => dismissFailedWrite(db, key),
      dismissRejectedRequest: (id: string) => dismissRejectedRequest(id),
    }),
    [status, worker, sync, db],
  );
}
