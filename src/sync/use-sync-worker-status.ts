import { useStoreInTransition } from '@/db/use-live-query';
import type { WorkerStatus } from '../../sync-worker/api';
import type { SyncWorkerClient } from './sync-worker-client';

/**
 * The sync worker's status (leader, realtime, needs token, last sync, badge counts) for React. Its
 * changes render in a transition, like the live queries' (use-live-query.ts): a new device's pull reports
 * progress many times a second, and urgent renders of the badge would interrupt the first screen's.
 */
export function useSyncWorkerStatus(client: SyncWorkerClient): WorkerStatus {
  return useStoreInTransition(client.subscribe, client.getStatus);
}
