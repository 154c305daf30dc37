/**
 * The sync-health view model for the UI: online, pending local writes, queued requests, last synced
 * time, last error, and "what is pending, since when".
 *
 * Sources:
 * - pending local writes: the `pending_writes` local document (pending-writes.ts), kept by the write
 *   commands and settled by the sync worker / intent sender;
 * - sync meta: the `sync_meta` local document the sync worker writes (local-state.ts);
 * - queued requests: the service worker's write queue, through `QueuedRequestsSource` (the service
 *   worker side implements it, e.g. by reading its queue's IndexedDB store on each change message).
 *   A queued intent is also a pending write until it is settled; queued requests are reported
 *   separately so the UI can say "saved, will send when online".
 * - online: the browser's online/offline events.
 */
import { combineLatest, distinctUntilChanged, map, Observable, of } from 'rxjs';
import { syncMeta$, type FirstPullProgress, type SyncMeta } from './local-state';
import {
  pending$,
  pendingEntries,
  type FailedWrite,
  type PendingState,
  type WriteError,
  type WriteTarget,
} from './pending-writes';
import type { SpotterDatabase } from './types';

/**
 * One request waiting in the service worker's queue. The page's adapter maps the queue's entries
 * (service-worker/queue-entry.ts: id, method, url, queuedAt in ms) to this, e.g. on QUEUE_CHANGED.
 */
export interface QueuedRequest {
  /** The queue's own entry id. */
  id: string;
  method: string;
  url: string;
  /** When it was queued (ISO). */
  queued_at: string;
}

/** Implemented by the service-worker side (the page's handle on the SW queue). */
export interface QueuedRequestsSource {
  queued$: Observable<readonly QueuedRequest[]>;
}

export interface SyncHealthItem {
  key: string;
  collection: WriteTarget;
  kind: 'push' | 'intent';
  /** What the entry sends: the RPC name, the updated table, or "push". */
  operation: string;
  since: string;
  attempts: number;
  last_error: WriteError | null;
  /** Waiting in the service worker's queue. */
  queued: boolean;
}

export type SyncState = 'offline' | 'error' | 'pending' | 'synced';

export interface SyncStatus {
  state: SyncState;
  online: boolean;
  pendingWrites: number;
  /** The oldest unacknowledged local write. */
  pendingSince: string | null;
  pendingByCollection: Partial<Record<WriteTarget, number>>;
  queuedRequests: number;
  queuedSince: string | null;
  lastSyncedAt: string | null;
  /** A device's first sync: collections pulled to the end so far, of all (null when not in one). */
  firstPull: FirstPullProgress | null;
  lastError: WriteError | null;
  /** Writes the server refused for good: shown to the user until dismissed, never dropped silently. */
  failedWrites: FailedWrite[];
  /** What is pending, oldest first. */
  items: SyncHealthItem[];
}

export interface SyncStatusInput {
  online: boolean;
  pending: PendingState;
  meta: SyncMeta;
  queued: readonly QueuedRequest[];
}

const minIso = (values: Iterable<string>): string | null => {
  let min: string | null = null;
  for (const v of values) if (min === null || v < min) min = v;
  return min;
};

export function computeSyncStatus(input: SyncStatusInput): SyncStatus {
  const entries = pendingEntries(input.pending);
  const items: SyncHealthItem[] = entries
    .map((e) => ({
      key: e.key,
      collection: e.collection,
      kind: e.kind,
      operation:
        e.request === null ? 'push' : e.request.type === 'rpc' ? e.request.fn : `update ${e.request.table}`,
      since: e.since,
      attempts: e.attempts,
      last_error: e.last_error,
      queued: e.queue_id !== null,
    }))
    .sort((a, b) => (a.since < b.since ? -1 : a.since > b.since ? 1 : 0));
  const pendingByCollection: Partial<Record<WriteTarget, number>> = {};
  for (const e of entries) pendingByCollection[e.collection] = (pendingByCollection[e.collection] ?? 0) + 1;

  // The most recent error among the worker's and the entries' own.
  const errors = [input.meta.last_error, ...entries.map((e) => e.last_error)].filter(
    (e): e is WriteError => e !== null,
  );
  const lastError = errors.reduce<WriteError | null>((a, b) => (a === null || b.at > a.at ? b : a), null);

  const failedWrites = input.pending.failed;
  const state: SyncState = !input.online
    ? 'offline'
    : failedWrites.length > 0 || (input.meta.last_error !== null && entries.length > 0)
      ? 'error'
      : entries.length > 0 || input.queued.length > 0
        ? 'pending'
        : 'synced';
  return {
    state,
    online: input.online,
    pendingWrites: entries.length,
    pendingSince: minIso(entries.map((e) => e.since)),
    pendingByCollection,
    queuedRequests: input.queued.length,
    queuedSince: minIso(input.queued.map((q) => q.queued_at)),
    lastSyncedAt: input.meta.last_synced_at,
    firstPull: input.meta.last_synced_at === null ? (input.meta.first_pull ?? null) : null,
    lastError,
    failedWrites,
    items,
  };
}

interface OnlineTarget {
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

/** navigator.onLine, live. Works in a window and in a worker (both fire online/offline on self). */
export function online$(
  target: OnlineTarget = globalThis,
  isOnline: () => boolean = () => globalThis.navigator?.onLine ?? true,
): Observable<boolean> {
  return new Observable<boolean>((sub) => {
    const update = () => sub.next(isOnline());
    update();
    target.addEventListener('online', update);
    target.addEventListener('offline', update);
    return () => {
      target.removeEventListener('online', update);
      target.removeEventListener('offline', update);
    };
  }).pipe(distinctUntilChanged());
}

export function syncStatus$(
  db: SpotterDatabase,
  sources: { online?: Observable<boolean>; queue?: QueuedRequestsSource } = {},
): Observable<SyncStatus> {
  return combineLatest([
    sources.online ?? online$(),
    pending$(db),
    syncMeta$(db),
    sources.queue?.queued$ ?? of([] as readonly QueuedRequest[]),
  ]).pipe(map(([online, pending, meta, queued]) => computeSyncStatus({ online, pending, meta, queued })));
}
