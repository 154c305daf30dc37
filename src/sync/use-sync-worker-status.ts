import { useStoreInTransition, type LiveStore } from '@/db/use-live-query';
import type { WorkerStatus } from '../../sync-worker/api';
import type { SyncWorkerClient } from './sync-worker-client';

const stores = new WeakMap<SyncWorkerClient, LiveStore<WorkerStatus>>();

/** The client as a live store, one per client, so a re-render keeps the hook's subscription. */
function statusStore(client: SyncWorkerClient): LiveStore<WorkerStatus> {
  let store = stores.get(client);
  if (store === undefined) {
    store = { subscribe: client.subscribe, getSnapshot: client.getStatus };
    stores.set(client, store);
  }
  return store;
}

/**
 * The sync worker's status (leader, realtime, needs token, last sync, badge counts) for React. Its
 * changes render in a transition, like the live queries' (use-live-query.ts): a new device's pull reports
 * progress many times a second, and urgent renders of the badge would interrupt the first screen's.
 */
export function useSyncWorkerStatus(client: SyncWorkerClient): WorkerStatus {
  return useStoreInTransition(statusStore(client)) ?? client.getStatus();
}
