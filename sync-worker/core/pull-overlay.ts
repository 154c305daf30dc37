// Pulled rows of pull-only collections meet the optimistic state of intents that are still pending.
// RxDB's downstream overwrites a pull-only collection's documents with the server's state (there is no
// upstream to protect them), so without this a pull arriving before an intent is applied would flip the
// screen back. Also settles intents the service worker queued once the pulled row shows them applied.
import type { RxCollection, WithDeleted } from 'rxdb';
import {
  markMasked,
  overlayPending,
  readPending,
  settleIntent,
  type Json,
  type PendingEntry,
} from '../../src/db/pending-writes';
import type { CollectionName } from '../../src/db/schemas';
import type { SpotterDatabase } from '../../src/db/types';

type Doc = Record<string, unknown> & { id: string };

/** Equal values, where two spellings of one instant count as equal (`…Z` vs `…+00:00`). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a ?? null) === null || (b ?? null) === null) return (a ?? null) === (b ?? null);
  if (
    typeof a === 'string' &&
    typeof b === 'string' &&
    /^\d{4}-\d\d-\d\d/.test(a) &&
    /^\d{4}-\d\d-\d\d/.test(b)
  ) {
    const ta = Date.parse(a);
    const tb = Date.parse(b);
    return !Number.isNaN(ta) && ta === tb;
  }
  if (typeof a === 'number' && typeof b === 'string') return String(a) === b;
  if (typeof a === 'string' && typeof b === 'number') return a === String(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The server row shows the intent's change: the row exists and carries every patched value. */
export function rowShowsIntent(entry: PendingEntry, row: Record<string, unknown>): boolean {
  if (row._deleted === true) return false;
  const patch: Record<string, Json> = entry.patch ?? {};
  return Object.entries(patch).every(([k, v]) => sameValue(row[k], v));
}

/**
 * A queued intent whose one write created the row (its id is the client's): the row on the server at all
 * means the replay applied it, even when the row has moved on since (a join request already accepted).
 */
const createdBy = (entry: PendingEntry, row: Record<string, unknown>) =>
  entry.previous === null && entry.since === entry.updated_at && row._deleted !== true;

/**
 * Intent entries that cover a whole set of rows (set_home_gyms, mark_all_notifications_read): keyed by
 * the user id, not a row id. While one is pending, a pulled row of that user keeps its local state.
 */
const coversRow = (entry: PendingEntry, row: Doc) =>
  entry.kind === 'intent' && entry.doc_id !== row.id && entry.doc_id === row.user_id;

export async function overlayPulled(
  db: SpotterDatabase,
  name: CollectionName,
  docs: WithDeleted<Doc>[],
  now: Date,
  /** The entries whose patches were laid over a row (see `afterOverlaidWrite`). */
  onOverlaid?: (docId: string, entries: PendingEntry[]) => void,
): Promise<WithDeleted<Doc>[]> {
  if (docs.length === 0) return docs;
  let state = await readPending(db);
  const mine = Object.values(state.entries).filter((e) => e.kind === 'intent' && e.collection === name);
  if (mine.length === 0) return docs;

  const byId = new Map(docs.map((d) => [d.id, d]));
  let settledAny = false;
  for (const entry of mine) {
    const row = byId.get(entry.doc_id);
    if (entry.queue_id !== null && row && (rowShowsIntent(entry, row) || createdBy(entry, row))) {
      await settleIntent(db, entry.key, entry.seq, { status: 'applied' }, now);
      settledAny = true;
    }
  }
  if (settledAny) state = await readPending(db);

  const wide = Object.values(state.entries).filter((e) => e.kind === 'intent' && e.collection === name);
  // Rows whose pending patch is about to hide what the server says: read again once the intent settles.
  // Entries marked already are left out, so a pull page writes the ledger only when something is new.
  await markMasked(
    db,
    wide.filter((e) => {
      const row = byId.get(e.doc_id);
      return e.masked !== true && row !== undefined && !rowShowsIntent(e, row);
    }),
  );
  const covered = docs.filter((d) => wide.some((e) => coversRow(e, d))).map((d) => d.id);
  const local = new Map<string, Record<string, unknown>>();
  if (covered.length > 0) {
    const stored = await db.collections[name].storageInstance.findDocumentsById(covered, true);
    for (const s of stored) local.set(s.id, s as unknown as Record<string, unknown>);
  }
  return docs.map((doc) => {
    const kept = local.get(doc.id);
    if (covered.includes(doc.id)) {
      if (!kept) return doc;
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(doc)) out[k] = k in kept ? kept[k] : doc[k];
      out._deleted = kept._deleted === true;
      return out as WithDeleted<Doc>;
    }
    if (onOverlaid) {
      const laid = wide.filter((e) => e.doc_id === doc.id);
      if (laid.length > 0) onOverlaid(doc.id, laid);
    }
    return overlayPending(state, name, doc);
  });
}

/**
 * After RxDB wrote a row the overlay laid `laid` over: an entry that settled between the overlay's read of
 * the ledger and that write (its row read again already, before the write) would leave the optimistic
 * values over the server's for good, so its row is read again now (markMasked: a settled entry's row is
 * due at once; a pending one is marked to be read when it settles).
 */
export async function afterOverlaidWrite(db: SpotterDatabase, laid: readonly PendingEntry[]): Promise<void> {
  const now = await readPending(db);
  const settled = laid.filter((e) => now.entries[e.key] === undefined);
  await markMasked(db, settled);
}

/**
 * After RxDB wrote a pulled document: if an intent recorded between the overlay and that write is not
 * shown by it, lay the intent's patch on again (the overlay read the ledger a moment too early). Only
 * per-row intents; a set-wide one is settled by its own follow-up pull or reconcile.
 *
 * The ledger is read from storage here, never from a cached view: an intent that settled a moment ago
 * (its row read again already) would otherwise be laid on once more, after the settle, and its device
 * values kept over the server's for good (fault-convergence seed 166 in CI: a check-out kept the
 * device's skewed time). One that settles between this read and the patch has its row read again.
 */
export async function reapplyPending(
  db: SpotterDatabase,
  name: CollectionName,
  written: Record<string, unknown> & { id: string },
): Promise<void> {
  if (written._deleted === true) return;
  const state = await readPending(db);
  const patch: Record<string, Json> = {};
  const laid: PendingEntry[] = [];
  for (const entry of Object.values(state.entries)) {
    if (entry.kind !== 'intent' || entry.collection !== name || entry.doc_id !== written.id) continue;
    if (rowShowsIntent(entry, written)) continue;
    Object.assign(patch, entry.patch ?? {});
    laid.push(entry);
  }
  if (laid.length === 0) return;
  const doc = await (db.collections[name] as unknown as RxCollection<Doc>).findOne(written.id).exec();
  if (!doc) return;
  await doc.incrementalPatch(patch);
  // The patch now hides what the server said: each entry's row is read again once it settles (or at
  // once, if it settled meanwhile). Without the mark, a refused entry rolled back to its `previous`.
  await markMasked(db, laid);
}
