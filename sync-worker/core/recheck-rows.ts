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
import { chunked } from './id-chunks';
import type { DatabaseClient } from '../../src/db/database';
import type { RxCollection } from 'rxdb';
import type { Subscription } from 'rxjs';
import {
  readPending,
  recheckEntries,
  recordedSince,
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
      const { rows: due, seq } = await this.due();
      if (due.length === 0 || this.stopped || db.closed) return;
      await gate.wait();
      if (this.stopped || db.closed) return;
      const token = gate.token;
      try {
        let unsettled = false;
        for (const [name, all] of groupByCollection(due)) {
          // After a long offline stretch the ledger can hold hundreds: one short URL at a time.
          for (const rows of chunked(all)) {
            if (this.stopped || db.closed) return;
            const read = await this.readAgain(name, rows, seq);
            await removeRecheck(db, read);
            if (read.length < rows.length) unsettled = true;
          }
        }
        this.backoff.succeeded();
        // Rows whose answer may be older than the device's state: asked again at once.
        if (unsettled) continue;
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

  /**
   * Rows to read again now, and the ledger's `next_seq` when they were chosen. A row with a newer intent
   * pending keeps its overlay until that one settles.
   */
  private async due(): Promise<{ rows: RecheckEntry[]; seq: number }> {
    const state = await readPending(this.options.db);
    const pending = new Set(Object.values(state.entries).map((e) => `${e.collection}:${e.doc_id}`));
    return {
      rows: recheckEntries(state).filter((r) => !pending.has(`${r.collection}:${r.doc_id}`)),
      seq: state.next_seq,
    };
  }

  /**
   * The server's rows as they are now; a row gone (or unreadable to me now) is removed locally. Returns
   * the rows it wrote (or found gone); the others are to be read again.
   *
   * The answer is written only if nothing else wrote those rows while it was out. An intent recorded
   * meanwhile (`next_seq` moved past `seq`) may have been applied and settled before the answer came,
   * so the answer can be older than what the device shows, and no pull would bring the row back
   * (fault-convergence seed 22, CI stop 29: a check-out made while its check-in's row was being read
   * again was undone by that read). A row a pull wrote meanwhile (its revision moved) is newer too.
   */
  private async readAgain(
    name: CollectionName,
    rows: readonly RecheckEntry[],
    seq: number,
  ): Promise<readonly RecheckEntry[]> {
    const collection = this.options.db.collections[name] as unknown as RxCollection<Doc> | undefined;
    if (!collection) return rows;
    const ids = rows.map((r) => r.doc_id);
    const before = await revisions(collection, ids);
    const res = await this.options.client.from(name).select('*').in('id', ids);
    if (res.error) throw classify(res.status, res.error);
    if (await recordedSince(this.options.db, seq)) return [];
    const after = await revisions(collection, ids);
    const settled = new Set(ids.filter((id) => before.get(id) === after.get(id)));
    const fields = schemaFields(collection);
    const found = (res.data as unknown[])
      .filter(isServerRow)
      .map((r) => rowToDoc<Doc>(fields, r))
      .filter((d) => settled.has(d.id));
    const live = found.filter((d) => !d._deleted).map(({ _deleted: _d, ...doc }) => doc as Doc);
    const shown = new Set(live.map((d) => d.id));
    if (live.length > 0) await collection.bulkUpsert(live);
    const gone = ids.filter((id) => settled.has(id) && !shown.has(id) && after.has(id));
    if (gone.length > 0) await collection.bulkRemove(gone);
    // A command that wrote between those checks and this write records its intent after it: asked again.
    if (await recordedSince(this.options.db, seq)) return [];
    return rows.filter((r) => settled.has(r.doc_id));
  }
}

/** Each stored row's revision (absent: not on this device). */
async function revisions(
  collection: RxCollection<Doc>,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const docs = await collection.findByIds([...ids]).exec();
  return new Map([...docs].map(([id, doc]) => [id, doc.revision]));
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
