/**
 * Messages between the page and the service worker (postMessage). Shared by both sides.
 *
 * Page -> service worker:
 * - `REPLAY`: replay the write queue now (sent on every page start, on `online`, after a token change).
 *   With a MessagePort (`event.ports[0]`), the worker answers `REPLAY_DONE` on it when the pass ends.
 * - `SKIP_WAITING`: activate the waiting worker (workbox-window's `messageSkipWaiting()`).
 *
 * Service worker -> every window client:
 * - `QUEUE_OUTCOME`: one queued write settled (applied, or refused permanently and recorded).
 * - `QUEUE_CHANGED`: the number of queued writes changed (the page reads details from IndexedDB).
 * - `QUEUE_NEEDS_TOKEN`: a replay got 401 and no fresher token is stored: the page should refresh the
 *   session, store the new token and post `REPLAY`.
 */

/** Response header of a write the service worker queued (status 202, body QueuedAnswer). */
export const QUEUED_HEADER = 'x-spotter-queued';

export interface QueuedAnswer {
  queued: true;
  id: string;
}

/** Background Sync tag of the write queue. */
export const SYNC_TAG = 'spotter-write-queue';

export type PageToWorkerMessage = { type: 'REPLAY' } | { type: 'SKIP_WAITING' };

export interface QueueOutcome {
  id: string;
  rpc: string;
  userId: string | null;
  result: 'applied' | 'rejected';
  status: number;
  /** Server answer for a refused write (PostgREST error JSON), else empty. */
  body: string;
  queuedAt: number;
  settledAt: number;
}

export interface ReplaySummary {
  applied: number;
  rejected: number;
  /** Entries still queued after the pass. */
  remaining: number;
  /** Some entry failed transiently (network, 408, 429, 5xx): worth another pass later. */
  retryLater: boolean;
  /** Some user's entries wait for a fresher token. */
  waitingForToken: boolean;
}

export type WorkerToPageMessage =
  | { type: 'QUEUE_OUTCOME'; outcome: QueueOutcome }
  | { type: 'QUEUE_CHANGED'; size: number }
  | { type: 'QUEUE_NEEDS_TOKEN'; userId: string | null }
  | { type: 'REPLAY_DONE'; summary: ReplaySummary };

export function isPageToWorkerMessage(data: unknown): data is PageToWorkerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const type = (data as { type?: unknown }).type;
  return type === 'REPLAY' || type === 'SKIP_WAITING';
}

const WORKER_TYPES: ReadonlySet<unknown> = new Set([
  'QUEUE_OUTCOME',
  'QUEUE_CHANGED',
  'QUEUE_NEEDS_TOKEN',
  'REPLAY_DONE',
]);

export function isWorkerToPageMessage(data: unknown): data is WorkerToPageMessage {
  return typeof data === 'object' && data !== null && WORKER_TYPES.has((data as { type?: unknown }).type);
}

/** True for the body of a write the service worker queued (what supabase-js returns as `data`, status 202). */
export function isQueuedAnswer(value: unknown): value is QueuedAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { queued?: unknown }).queued === true &&
    typeof (value as { id?: unknown }).id === 'string'
  );
}
