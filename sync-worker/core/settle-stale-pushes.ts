/**
 * Stale push entries (sync-worker/CONTEXT.md, issue 5): a `push` entry in the pending-writes ledger
 * whose document already equals the server's row. RxDB then has nothing to push, so no acknowledgement
 * comes, and a pull does not bring back a row the device already has: the entry would stay pending for
 * good (convergence seeds 13 and 60 under CI load).
 *
 * Within `idleMs` of replication activity or a ledger change, at a moment the replication is not
 * active (nothing in flight, nothing waiting in RxDB's queues; or after MAX_BUSY_LOOKS looks found it
 * active), while the ledger holds push entries of
 * that collection, this reads their server rows (one `id=in.(...)` request per 100 entries, through the
 * session's client and gate) and hands them to `acknowledgePushed`, which settles exactly the entries whose local document equals the server's
 * row under the collection's conflict handler (the client-owned fields, `_deleted` included: a delete
 * both sides agree on settles too). A row that differs, or is missing on the server, is left to the
 * push. Owns one subscription and one timer per replication; the returned function releases both.
 */
import { chunked } from './id-chunks';
import type { DatabaseClient } from '../../src/db/database';
import { merge, throttleTime, type Subscription } from 'rxjs';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import { acknowledgePushed, readPending } from '../../src/db/pending-writes';
import { ledger$ } from './local-doc-stream';
import type { SpotterDatabase } from '../../src/db/types';
import type { CollectionSync } from './collections';
import type { SyncGate } from './gate';
import { isServerRow, rowToDoc, schemaFields } from './rows';

/** Quiet time after the last replication activity or ledger change before looking. */
export const STALE_PUSH_IDLE_MS = 1_000;
/**
 * Looks put off while the replication is active before one goes ahead anyway. Settling is correct while
 * it is active (only entries equal to the server's row settle); waiting is a courtesy to busy moments.
 * A replication kept busy by resyncs was otherwise never found inactive: in CI (2026-12-07) syncNow every
 * 50 ms, with each pull taking longer than that on a loaded PGlite, kept a stale entry for good.
 */
export const MAX_BUSY_LOOKS = 3;

type Doc = Record<string, unknown> & { id: string };

export interface StalePushOptions {
  db: SpotterDatabase;
  client: DatabaseClient;
  gate: SyncGate;
  sync: CollectionSync;
  idleMs?: number;
  hooks?: { failed(name: string, error: unknown): void };
}

/** Reads the server rows of the collection's push entries and settles those equal to the local document. */
export async function settleStalePushes(options: StalePushOptions): Promise<string[]> {
  const { db, client, sync } = options;
  if (sync.pushRpc === null || db.closed) return [];
  const ids = Object.values((await readPending(db)).entries)
    .filter((e) => e.kind === 'push' && e.collection === sync.name)
    .map((e) => e.doc_id);
  if (ids.length === 0) return [];
  const fields = schemaFields(db.collections[sync.name]);
  const settled: string[] = [];
  for (const chunk of chunked(ids)) {
    const res = await client.from(sync.name).select('*').in('id', chunk);
    if (res.error) throw new Error(`${sync.name}: ${res.error.message}`);
    const docs = (res.data as unknown[]).filter(isServerRow).map((r) => rowToDoc<Doc>(fields, r));
    if (docs.length === 0) continue;
    const before = await readPending(db);
    await acknowledgePushed(db, sync.name, docs);
    const after = await readPending(db);
    for (const d of docs) {
      const key = `${sync.name}:${d.id}`;
      if (key in before.entries && !(key in after.entries)) settled.push(d.id);
    }
  }
  return settled;
}

/**
 * Runs `settleStalePushes` whenever the replication has been idle for `idleMs` while the ledger holds
 * push entries of its collection; only when the gate is open (an offline device waits for the next
 * idle moment after it reconnects). For `state.onCancel`; a no-op for pull-only collections.
 */
export function settleStalePushesWhenIdle<Checkpoint>(
  state: RxReplicationState<Doc, Checkpoint>,
  options: StalePushOptions,
): () => void {
  const { db, gate, sync } = options;
  if (sync.pushRpc === null) return () => undefined;
  const idleMs = options.idleMs ?? STALE_PUSH_IDLE_MS;
  let running = false;
  let active = false;
  let busyLooks = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const look = async () => {
    clearTimeout(retry);
    retry = undefined;
    if (db.closed || state.isStopped()) return;
    const waitForQuiet = active && busyLooks < MAX_BUSY_LOOKS;
    if (running || waitForQuiet || !gate.isOpen) {
      // Busy, offline or a look under way (it may have read the ledger before the newest entry): look
      // again later rather than wait for activity that may never come (convergence seed 92 under load).
      if (waitForQuiet) busyLooks++;
      retry = setTimeout(() => void look(), idleMs);
      return;
    }
    busyLooks = 0;
    running = true;
    try {
      await settleStalePushes(options);
    } catch (error) {
      options.hooks?.failed(sync.name, error);
    } finally {
      running = false;
    }
  };
  const activity = state.active$.subscribe((a) => (active = a));
  // Settling is correct whenever the local document equals the server's row (nothing newer is left
  // to push); looking only while the replication is not active keeps the request away from busy
  // moments. Throttled, not debounced: a replication kept busy by frequent resyncs (syncNow, realtime)
  // is never quiet for a whole debounce window, and its stale entry stayed (convergence seed 92 in CI,
  // which calls syncNow every 50 ms while entries remain). `look` waits for an inactive moment itself, for
  // MAX_BUSY_LOOKS looks at most.
  const quiet: Subscription = merge(state.active$, ledger$(db))
    .pipe(throttleTime(idleMs, undefined, { leading: false, trailing: true }))
    .subscribe(() => void look());
  return () => {
    clearTimeout(retry);
    activity.unsubscribe();
    quiet.unsubscribe();
  };
}
