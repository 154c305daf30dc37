// How the worker learns what became of an intent the page's service worker queued (202). The service
// worker posts QUEUE_OUTCOME to window clients only, never to a dedicated worker, and a page may not be
// open when the replay happens; so the worker reads the queue's own IndexedDB (`spotter-sw`, shared by
// every context of the origin) whenever it looks at its ledger: an entry still in `queue` is waiting, an
// entry in `outcomes` was refused, an entry in neither was applied (the queue removes it only on 2xx or
// a recorded permanent refusal). A pull that brings the server row settles it as well (pull-overlay.ts).
// The page settles the same entries from QUEUE_OUTCOME (src/sync/queue-outcomes.ts); whichever comes
// first wins, the other finds no entry (settleIntent is a no-op then).
import { QueueDb } from '../../service-worker/queue-db';

export type QueuedIntentState =
  | { state: 'waiting' }
  | { state: 'applied' }
  | { state: 'refused'; status: number; code: string; message: string };

export interface QueueOutcomeSource {
  /** States of the given queue entry ids; ids the source cannot answer for are left out. */
  lookup(ids: readonly string[]): Promise<Map<string, QueuedIntentState>>;
  /**
   * Forgets a recorded refusal once the ledger holds it as failed, so the user sees it once (the page's
   * src/sync/queue-outcomes.ts does the same when it settles from a QUEUE_OUTCOME message).
   */
  dismiss(id: string): Promise<void>;
}

function refusalOf(status: number, body: string): { code: string; message: string } {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; message?: unknown };
    return {
      code: typeof parsed.code === 'string' && parsed.code ? parsed.code : String(status),
      message: typeof parsed.message === 'string' ? parsed.message : body,
    };
  } catch {
    return { code: String(status), message: body || `HTTP ${status}` };
  }
}

/** The service worker's queue database (a fake-indexeddb factory in tests). */
export function queueDbOutcomes(factory: IDBFactory): QueueOutcomeSource {
  const db = new QueueDb(factory);
  return {
    async lookup(ids) {
      const out = new Map<string, QueuedIntentState>();
      if (ids.length === 0) return out;
      const [queue, outcomes] = await Promise.all([db.list(), db.outcomes()]);
      const waiting = new Set(queue.map((e) => e.id));
      const refused = new Map(outcomes.map((o) => [o.id, o]));
      for (const id of ids) {
        const outcome = refused.get(id);
        if (outcome)
          out.set(id, {
            state: 'refused',
            status: outcome.status,
            ...refusalOf(outcome.status, outcome.body),
          });
        else if (waiting.has(id)) out.set(id, { state: 'waiting' });
        else out.set(id, { state: 'applied' });
      }
      return out;
    },
    dismiss: (id) => db.dismissOutcome(id),
  };
}
