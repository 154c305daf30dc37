/**
 * Reads rows again that a pull laid a pending intent over (src/db/pending-writes.ts `PendingEntry.masked`)
 * once that intent has settled, whichever realm settled it (the intent sender, the pull overlay, or the
 * page from the service worker's QUEUE_OUTCOME). The pull checkpoint is past those rows, so without this
 * a newer server state stays hidden until the row changes again: a join request accepted before my
 * queued request's delivery was confirmed showed "Joining…" for good.
 * Runs in the leader beside the intent sender; kicked by every ledger change and by `nudge()` (syncNow,
 * online, a new token); one pass at a time. A read that fails is asked again as the intent sender asks
 * again: no answer or a 401 closes the gate until it opens, a 408, 429 or 5xx waits a back-off. Without
 * that, one failed read (an expired token, the server restarting) left the row unread until the ledger
 * happened to change, which on a quiet device is never.
 */
import type { DatabaseClient } from '../../src/db/database';
import type { RxCollection } from 'rxdb';
import type { Subscription } from 'rxjs';
import {
  overlayPending,
  readPending,
  recheckEntries,
  removeRecheck,
  type RecheckEntry,
} from '../../src/db/pending-writes';
import type { CollectionName } from '../../src/db/schemas';
import type { SpotterDatabase } from '../../src/db/types';
import { CoalescedPasses } from './coalesced-passes';
import { classify, isPermanentStatus, SyncError } from './errors';
import type { SyncGate } from './gate';
import { ledger$ } from './local-doc-stream';
import { RetryBackoff } from './retry-backoff';
import { isServerRow, rowToDoc, schemaFields } from './rows';

type Doc = Record<string, unknown> & { id: string };

export interface RecheckRowsOptions {
  db: SpotterDatabase;
  client: DatabaseClient;
  gate: SyncGate;
  onError(error: unknown): void;
  /** The back-off after a 408, 429 or 5xx (tests shorten it). */
  retryBaseMs?: number;
}

export class RecheckRows {
  private stopped = true;
  private subscription: Subscription | null = null;
  private readonly passes = new CoalescedPasses(
    () => this.pass(),
    () => !this.stopped && !this.options.db.closed,
    (error) => this.options.onError(error),
  );

  private readonly backoff: RetryBackoff;

  constructor(private readonly options: RecheckRowsOptions) {
    this.backoff = new RetryBackoff({ baseMs: options.retryBaseMs });
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.subscription = ledger$(this.options.db).subscribe(() => this.passes.kick());
  }

  stop(): void {
    this.stopped = true;
    this.subscription?.unsubscribe();
    this.subscription = null;
    this.backoff.wake();
  }

  /** syncNow, online, a new token: end a back-off early and look at the ledger again. */
  nudge(): void {
    this.backoff.wake();
    this.passes.kick();
  }

  /** Resolves after the pass that is running (if any) ends. */
  idle(): Promise<void> {
    return this.passes.idle();
  }

  private async pass(): Promise<void> {
    const { db, gate } = this.options;
    for (;;) {
      const due = await this.due();
      if (due.length === 0 || this.stopped || db.closed) return;
      await gate.wait();
      if (this.stopped || db.closed) return;
      const token = gate.token;
      try {
        for (const [name, rows] of groupByCollection(due)) {
          if (this.stopped || db.closed) return;
          await this.readAgain(name, rows);
          await removeRecheck(db, rows);
        }
        this.backoff.succeeded();
        return;
      } catch (error) {
        if (this.stopped || db.closed) return;
        this.options.onError(error);
        if (!(error instanceof SyncError)) return;
        // No answer or a 401: the gate holds, and the rows are read once it opens.
        if (gate.holdFor(error, token)) continue;
        if (isPermanentStatus(error.status)) {
          // Asking again will not change the answer: the rows stay as the pull left them.
          await removeRecheck(db, due);
          return;
        }
        await this.backoff.wait();
      }
    }
  }

  /** Rows to read again now. A row with a newer intent pending keeps its overlay until that one settles. */
  private async due(): Promise<RecheckEntry[]> {
    const state = await readPending(this.options.db);
    const pending = new Set(Object.values(state.entries).map((e) => `${e.collection}:${e.doc_id}`));
    return recheckEntries(state).filter((r) => !pending.has(`${r.collection}:${r.doc_id}`));
  }

  /** The server's rows as they are now; a row gone (or unreadable to me now) is removed locally. */
  private async readAgain(name: CollectionName, rows: readonly RecheckEntry[]): Promise<void> {
    const collection = this.options.db.collections[name] as unknown as RxCollection<Doc> | undefined;
    if (!collection) return;
    const ids = rows.map((r) => r.doc_id);
    const res = await this.options.client.from(name).select('*').in('id', ids);
    if (res.error) throw classify(res.status, res.error);
    const fields = schemaFields(collection);
    const found = (res.data as unknown[]).filter(isServerRow).map((r) => rowToDoc<Doc>(fields, r));
    // A write the user made while the request was out stays on top of what the server said.
    const now = await readPending(this.options.db);
    const live = found
      .filter((d) => !d._deleted)
      .map(({ _deleted: _d, ...doc }) => overlayPending(now, name, doc as Doc));
    const shown = new Set(live.map((d) => d.id));
    if (live.length > 0) await collection.bulkUpsert(live);
    const pendingIds = new Set(Object.values(now.entries).map((e) => e.doc_id));
    const gone = ids.filter((id) => !shown.has(id) && !pendingIds.has(id));
    const local = gone.length > 0 ? await collection.findByIds(gone).exec() : new Map<string, unknown>();
    if (local.size > 0) await collection.bulkRemove([...local.keys()]);
  }
}

function groupByCollection(rows: readonly RecheckEntry[]): Map<CollectionName, RecheckEntry[]> {
  const byCollection = new Map<CollectionName, RecheckEntry[]>();
  for (const r of rows) {
    const group = byCollection.get(r.collection);
    if (group) group.push(r);
    else byCollection.set(r.collection, [r]);
  }
  return byCollection;
}
