/**
 * The service worker's queue as the data layer's `QueuedRequestsSource` (src/db/sync-status.ts): the
 * signed-in user's queued requests, read from the shared IndexedDB on subscribe and again whenever the
 * worker reports a change (QUEUE_CHANGED, QUEUE_OUTCOME).
 */
import { Observable } from 'rxjs';
import type { QueuedRequest, QueuedRequestsSource } from '@/db/sync-status';
import { QueueDb } from '../../../service-worker/queue-db';
import type { QueueEntry } from '../../../service-worker/queue-entry';
import { subscribeToWriteQueue } from './write-queue';

/** The user's entries, oldest first, in the data layer's shape. */
export function toQueuedRequests(entries: readonly QueueEntry[], userId: string | null): QueuedRequest[] {
  return entries
    .filter((entry) => entry.userId === userId)
    .map((entry) => ({
      id: entry.id,
      method: entry.method,
      url: entry.url,
      queued_at: new Date(entry.queuedAt).toISOString(),
    }));
}

export function createQueuedRequestsSource(options: {
  /** The signed-in user (read on every refresh). */
  userId: () => string | null;
  db?: QueueDb;
  subscribe?: typeof subscribeToWriteQueue;
}): QueuedRequestsSource {
  const db = options.db ?? new QueueDb();
  const subscribe = options.subscribe ?? subscribeToWriteQueue;
  return {
    queued$: new Observable<readonly QueuedRequest[]>((subscriber) => {
      let active = true;
      const refresh = () => {
        db.list().then(
          (entries) => {
            if (active) subscriber.next(toQueuedRequests(entries, options.userId()));
          },
          (error: unknown) => {
            // No IndexedDB (private mode) means no queue: report none rather than fail the status.
            console.warn('[service worker] cannot read the write queue', error);
            if (active) subscriber.next([]);
          },
        );
      };
      refresh();
      const unsubscribe = subscribe((message) => {
        if (message.type === 'QUEUE_CHANGED' || message.type === 'QUEUE_OUTCOME') refresh();
      });
      return () => {
        active = false;
        unsubscribe();
      };
    }),
  };
}
