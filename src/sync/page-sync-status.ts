/**
 * The page's sync status: the data layer's view model (`syncStatus$`: online, pending local writes, the
 * service worker's queued requests, last sync, last error, failed writes) plus the refused requests the
 * service worker recorded that no pending write claimed. One shared observable per open database, so
 * every indicator on screen uses one set of subscriptions. Owns nothing beyond those subscriptions.
 */
import { combineLatest, map, Observable, of, ReplaySubject, share, Subject } from 'rxjs';
import { syncStatus$, type QueuedRequestsSource, type SyncStatus } from '@/db/sync-status';
import type { SpotterDatabase } from '@/db/types';
import { createQueuedRequestsSource } from '@/lib/service-worker/queued-requests-source';
import {
  subscribeToWriteQueue,
  type QueueOutcomeRecord,
  type WorkerToPageMessage,
} from '@/lib/service-worker/write-queue';
import { QueueDb } from '@/lib/service-worker/queue-db';

export interface PageSyncStatus extends SyncStatus {
  /** Writes the server refused while queued that no pending write claimed: shown until dismissed. */
  rejectedRequests: QueueOutcomeRecord[];
}

export interface PageSyncStatusDeps {
  queueDb?: QueueDb;
  subscribe?: (listener: (message: WorkerToPageMessage) => void) => () => void;
  online?: Observable<boolean>;
  queue?: QueuedRequestsSource;
}

/** The shared queue database, or null where there is no IndexedDB (jsdom component tests). */
function defaultQueueDb(): QueueDb | null {
  return typeof indexedDB === 'undefined' ? null : new QueueDb();
}

/** Local nudges (a dismissal on this page sends no worker message). */
const refreshes = new Subject<void>();

/** The user's refused queued writes, read on subscribe and after every queue message or dismissal. */
export function rejectedRequests$(
  userId: string,
  deps: Pick<PageSyncStatusDeps, 'queueDb' | 'subscribe'> = {},
): Observable<QueueOutcomeRecord[]> {
  const db = deps.queueDb ?? defaultQueueDb();
  const subscribe = deps.subscribe ?? subscribeToWriteQueue;
  if (db === null) return of([]);
  return new Observable<QueueOutcomeRecord[]>((subscriber) => {
    let active = true;
    const read = () => {
      db.outcomes().then(
        (records) => {
          if (active) subscriber.next(records.filter((record) => record.userId === userId));
        },
        (error: unknown) => {
          console.warn('[sync] cannot read refused writes', error);
          if (active) subscriber.next([]);
        },
      );
    };
    read();
    const local = refreshes.subscribe(read);
    const off = subscribe((message) => {
      if (message.type === 'QUEUE_OUTCOME' || message.type === 'QUEUE_CHANGED') read();
    });
    return () => {
      active = false;
      local.unsubscribe();
      off();
    };
  });
}

export function combinePageStatus(status: SyncStatus, rejected: QueueOutcomeRecord[]): PageSyncStatus {
  const state = status.online && rejected.length > 0 ? 'error' : status.state;
  return { ...status, state, rejectedRequests: rejected };
}

export function pageSyncStatus$(
  db: SpotterDatabase,
  userId: string,
  deps: PageSyncStatusDeps = {},
): Observable<PageSyncStatus> {
  const subscribe = deps.subscribe ?? subscribeToWriteQueue;
  const queueDb = deps.queueDb ?? defaultQueueDb();
  const queue =
    deps.queue ??
    (queueDb === null
      ? { queued$: of([]) }
      : createQueuedRequestsSource({ userId: () => userId, subscribe, db: queueDb }));
  return combineLatest([
    syncStatus$(db, { queue, ...(deps.online ? { online: deps.online } : {}) }),
    queueDb === null ? of([]) : rejectedRequests$(userId, { subscribe, queueDb }),
  ]).pipe(
    map(([status, rejected]) => combinePageStatus(status, rejected)),
    // One subscription for every indicator; the last value is replayed to late subscribers.
    share<PageSyncStatus>({
      connector: () => new ReplaySubject<PageSyncStatus>(1),
      resetOnRefCountZero: true,
    }),
  );
}

const perDatabase = new WeakMap<SpotterDatabase, { userId: string; status$: Observable<PageSyncStatus> }>();

/** The shared status observable of an open database (created on first use). */
export function sharedPageSyncStatus$(db: SpotterDatabase, userId: string): Observable<PageSyncStatus> {
  const cached = perDatabase.get(db);
  if (cached && cached.userId === userId) return cached.status$;
  const status$ = pageSyncStatus$(db, userId);
  perDatabase.set(db, { userId, status$ });
  return status$;
}

/** The user has seen a refused queued write: remove it from the list. */
export async function dismissRejectedRequest(id: string, queueDb = defaultQueueDb()): Promise<void> {
  await queueDb?.dismissOutcome(id);
  refreshes.next();
}

/** Re-reads the queue-backed parts now (tests; after a manual replay). */
export function refreshPageSyncStatus(): void {
  refreshes.next();
}
