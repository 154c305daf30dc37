import { useSyncExternalStore } from 'react';
import type { WorkerStatus } from '../../sync-worker/api';
import type { SyncWorkerClient } from './sync-worker-client';

/** The sync worker's status (leader, realtime, needs token, last sync, badge counts) for React. */
export function useSyncWorkerStatus(client: SyncWorkerClient): WorkerStatus {
  return useSyncExternalStore(client.subscribe, client.getStatus, client.getStatus);
}
