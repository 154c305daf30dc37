/**
 * The page's view of the service worker's write queue: what is queued for the signed-in user, since when,
 * whether it waits for a token, and the writes the server refused (to show, until dismissed). Reads the
 * same IndexedDB the worker writes, so it works without a controlling worker too; the worker's messages
 * (QUEUE_OUTCOME, QUEUE_CHANGED, QUEUE_NEEDS_TOKEN) say when to read again.
 */
import {
  isWorkerToPageMessage,
  type ReplaySummary,
  type WorkerToPageMessage,
} from '../../../service-worker/protocol';
import { QueueDb, type QueueOutcomeRecord } from '../../../service-worker/queue-db';
import type { QueueEntry } from '../../../service-worker/queue-entry';

export type { QueueOutcomeRecord, ReplaySummary, WorkerToPageMessage };
export { isQueuedAnswer, QUEUED_HEADER } from '../../../service-worker/protocol';

export interface WriteQueueStatus {
  /** Writes of this user waiting in the queue. */
  queued: number;
  /** When the oldest of them was queued (ms since the epoch), or null. */
  oldestQueuedAt: number | null;
  lastAttemptAt: number | null;
  /** Why the last replay attempt failed (`HTTP 503`, a network error message), or null. */
  lastError: string | null;
  /** A replay got 401 and waits for a fresh token. */
  waitingForToken: boolean;
  /** Writes the server refused permanently: never dropped silently, shown until dismissed. */
  rejected: QueueOutcomeRecord[];
}

/** Pure summary of the stored queue for one user (null: anonymous writes). */
export function summarizeWriteQueue(
  entries: readonly QueueEntry[],
  outcomes: readonly QueueOutcomeRecord[],
  userId: string | null,
): WriteQueueStatus {
  const mine = entries.filter((entry) => entry.userId === userId);
  const attempted = mine.filter((entry) => entry.lastAttemptAt !== null);
  const latest = attempted.reduce<QueueEntry | null>(
    (last, entry) => (last === null || (entry.lastAttemptAt ?? 0) > (last.lastAttemptAt ?? 0) ? entry : last),
    null,
  );
  return {
    queued: mine.length,
    oldestQueuedAt: mine.reduce<number | null>(
      (oldest, entry) => (oldest === null || entry.queuedAt < oldest ? entry.queuedAt : oldest),
      null,
    ),
    lastAttemptAt: latest?.lastAttemptAt ?? null,
    lastError: latest?.lastError ?? null,
    waitingForToken: mine.some((entry) => entry.waitingForToken),
    rejected: outcomes.filter((outcome) => outcome.userId === userId),
  };
}

export async function readWriteQueueStatus(
  userId: string | null,
  db: QueueDb = new QueueDb(),
): Promise<WriteQueueStatus> {
  const [entries, outcomes] = await Promise.all([db.list(), db.outcomes()]);
  return summarizeWriteQueue(entries, outcomes, userId);
}

/** The user has seen a refused write: remove it from the list. */
export function dismissRejectedWrite(id: string, db: QueueDb = new QueueDb()): Promise<void> {
  return db.dismissOutcome(id);
}

const REPLAY_TIMEOUT_MS = 15_000;

/**
 * Asks the active service worker to replay its queue now; resolves with the pass's summary, or null
 * without a service worker or when no answer came in time (the replay itself goes on).
 */
function hasServiceWorkers(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

export async function requestReplay(): Promise<ReplaySummary | null> {
  if (!hasServiceWorkers()) return null;
  const container = navigator.serviceWorker;
  const worker = container.controller ?? (await container.getRegistration())?.active ?? null;
  if (worker === null) return null;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(null);
    }, REPLAY_TIMEOUT_MS);
    channel.port1.onmessage = (event: MessageEvent<unknown>) => {
      clearTimeout(timer);
      channel.port1.close();
      const data = event.data;
      resolve(isWorkerToPageMessage(data) && data.type === 'REPLAY_DONE' ? data.summary : null);
    };
    worker.postMessage({ type: 'REPLAY' }, [channel.port2]);
  });
}

/** Calls `listener` with every write-queue message the service worker posts; returns the unsubscribe. */
export function subscribeToWriteQueue(listener: (message: WorkerToPageMessage) => void): () => void {
  if (!hasServiceWorkers()) return () => undefined;
  const container = navigator.serviceWorker;
  const onMessage = (event: MessageEvent<unknown>) => {
    if (isWorkerToPageMessage(event.data)) listener(event.data);
  };
  container.addEventListener('message', onMessage);
  return () => container.removeEventListener('message', onMessage);
}
