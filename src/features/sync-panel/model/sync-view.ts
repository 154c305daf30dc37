// What the sync button and panel say, from the page's sync status and the sync worker's own status.
import type { PageSyncStatus } from '@/sync/page-sync-status';
import type { WorkerStatus } from '../../../../sync-worker/api';

/**
 * The headline, most urgent first: writes refused for good (they need the user), offline (nothing goes
 * out), a token the worker needs (nothing goes out until the user signs in again), writes on their way,
 * all saved.
 */
export type SyncHeadline = 'refused' | 'offline' | 'signIn' | 'sending' | 'saved';

export interface SyncView {
  headline: SyncHeadline;
  /** Refused writes listed in the panel. */
  refused: number;
  /** Local writes not acknowledged yet (each queued request is one of them or a raw queued write). */
  sending: number;
  lastSyncedAt: string | null;
  /** The worker's realtime channel is retrying (live updates lag until it is back). */
  reconnecting: boolean;
  needsToken: boolean;
  online: boolean;
  /**
   * A new device's first pull is running: the worker runs, online, and this device has never finished a
   * sync (the worker writes `sync_meta.last_synced_at` when a pull of every collection ends). Screens are
   * empty until then, so the panel says so instead of "all saved".
   */
  firstPull: boolean;
  /** How far the first pull got (collections pulled to the end, of all), once the worker has said. */
  firstPullProgress: { done: number; total: number } | null;
}

export function syncView(status: PageSyncStatus, worker: WorkerStatus): SyncView {
  const refused = status.failedWrites.length + status.rejectedRequests.length;
  const sending = Math.max(status.pendingWrites, status.queuedRequests);
  const running = worker.state === 'running' ? worker : null;
  const needsToken = running?.needsToken ?? false;
  const headline: SyncHeadline =
    refused > 0
      ? 'refused'
      : !status.online
        ? 'offline'
        : needsToken
          ? 'signIn'
          : sending > 0
            ? 'sending'
            : 'saved';
  const lastSyncedAt = running?.lastSyncedAt ?? status.lastSyncedAt;
  return {
    headline,
    refused,
    sending,
    lastSyncedAt,
    reconnecting: status.online && running?.realtime === 'retrying',
    needsToken,
    online: status.online,
    firstPull: running !== null && status.online && lastSyncedAt === null,
    firstPullProgress: lastSyncedAt === null ? status.firstPull : null,
  };
}
