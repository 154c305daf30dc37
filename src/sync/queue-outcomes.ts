/**
 * Settles pending intents the service worker queued (`markIntentQueued`) when its queue reports how they
 * ended. Only window clients receive the worker's QUEUE_OUTCOME messages, so the page does this, not the
 * sync worker. Owns its message subscription only.
 * - `applied`: the ledger entry is cleared (the pull brings the server's row);
 * - `rejected` (a permanent 4xx): the entry is refused, which rolls the optimistic change back and keeps
 *   the failure in the ledger's `failed` list (shown by the sync status until dismissed). The worker's own
 *   record of the refusal is then dismissed, so the user sees it once, in one place. A refusal that no
 *   ledger entry claims stays in the worker's store (`rejectedRequests` in the page's sync status).
 * On start it also settles refusals recorded while no page was open.
 */
import { entryForQueueId, readPending, settleIntent } from '@/db/pending-writes';
import type { SpotterDatabase } from '@/db/types';
import type { QueueOutcomeRecord, WorkerToPageMessage } from '@/lib/service-worker/write-queue';
import type { QueueOutcome } from '../../service-worker/protocol';

export interface QueueOutcomeDeps {
  db: SpotterDatabase;
  userId: string;
  subscribe(listener: (message: WorkerToPageMessage) => void): () => void;
  /** The worker's recorded refusals (QueueDb.outcomes). */
  readOutcomes(): Promise<QueueOutcomeRecord[]>;
  /** Removes a recorded refusal (QueueDb.dismissOutcome). */
  dismissOutcome(id: string): Promise<void>;
  now?: () => Date;
  log?: (message: string, error: unknown) => void;
}

/** The PostgREST error's code and message, else the HTTP status. */
export function describeRefusal(status: number, body: string): { code: string; message: string } {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
    return {
      code: typeof parsed.code === 'string' && parsed.code !== '' ? parsed.code : `http_${status}`,
      message: typeof parsed.message === 'string' ? parsed.message : `HTTP ${status}`,
    };
  } catch {
    return { code: `http_${status}`, message: `HTTP ${status}` };
  }
}

type Settled = Pick<QueueOutcome, 'id' | 'userId' | 'status' | 'body'> & { result: 'applied' | 'rejected' };

/** Settles the ledger entry an outcome belongs to; true when one did. */
export async function settleOutcome(
  deps: Pick<QueueOutcomeDeps, 'db' | 'userId' | 'dismissOutcome' | 'now'>,
  outcome: Settled,
): Promise<boolean> {
  if (outcome.userId !== deps.userId || deps.db.closed) return false;
  const entry = entryForQueueId(await readPending(deps.db), outcome.id);
  if (!entry) return false;
  const now = (deps.now ?? (() => new Date()))();
  if (outcome.result === 'applied') {
    await settleIntent(deps.db, entry.key, entry.seq, { status: 'applied' }, now);
    return true;
  }
  await settleIntent(
    deps.db,
    entry.key,
    entry.seq,
    { status: 'refused', ...describeRefusal(outcome.status, outcome.body) },
    now,
  );
  await deps.dismissOutcome(outcome.id);
  return true;
}

export function settleQueueOutcomes(deps: QueueOutcomeDeps): () => void {
  const log = deps.log ?? ((message, error) => console.warn(`[sync] ${message}`, error));
  let chain: Promise<unknown> = Promise.resolve();
  const run = (fn: () => Promise<unknown>) => {
    chain = chain.then(fn).catch((error: unknown) => log('settling a queued write failed', error));
  };
  run(async () => {
    for (const record of await deps.readOutcomes()) {
      await settleOutcome(deps, { ...record, result: 'rejected' });
    }
  });
  return deps.subscribe((message) => {
    if (message.type === 'QUEUE_OUTCOME') run(() => settleOutcome(deps, message.outcome));
  });
}
