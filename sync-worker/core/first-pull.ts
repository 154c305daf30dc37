/**
 * A new device's first pull of a collection, written to storage in bulk instead of document by document
 * through RxDB's replication protocol (issue 5, `initial_sync_rows_per_s`).
 *
 * Why: for every pulled document RxDB's downstream reads the fork document and its replication meta
 * document, then writes both (4 IndexedDB reads and 2 writes per row, each write a structured clone of
 * the whole document). On a device that holds nothing of the collection yet none of that can find
 * anything, so full pages are written straight to the collection's storage: one read and one write per
 * row. The last (short) page goes through RxDB as usual, which stores the pull checkpoint; from then on
 * every pull is RxDB's own.
 *
 * What keeps this equal to RxDB's own path:
 * - Written with the downstream's write context, so the upstream skips these documents (they are the
 *   server's, nothing to push) and moves its checkpoint past them, as for any pulled page.
 * - `_meta.o` marks each document as written by this replication at its first revision, which is what
 *   RxDB's downstream checks when a document has no replication meta yet: a later server change is
 *   applied (not mistaken for an unpushed local edit), and a local edit bumps the revision, so it is.
 * - No replication meta means a local edit of such a document reaches the push handler without an
 *   assumed master state. The edit itself records the pulled state it started from (`_meta.b`,
 *   src/db/pull-base.ts) and `preparePush` hands it to the push, so the server's check and the
 *   conflict handler's three-way merge see the base they would have seen after RxDB's own pull.
 * - No replication meta also means RxDB's upstream, re-reading the storage on a resync, can hand these
 *   documents to the push handler as if they were local writes: `preparePush` leaves out every one that
 *   is still the state the pull wrote.
 *   (Keeping the base at pull time instead cost a third of the first pull's write time.)
 * - Only when the pull starts from no checkpoint and the collection's storage holds no document at all
 *   (deleted ones included), or only documents a first pull wrote that nobody changed since (a pull
 *   that failed after the first screen's rows): no local write can be overwritten. A document the user
 *   creates meanwhile makes the insert of that id fail (409); such rows go through RxDB with the last
 *   page, which applies a server state over a document only while it is still a pulled one.
 * - Deleted server rows are not written (RxDB would store them as deleted documents nobody reads); one
 *   whose id is stored goes through RxDB with the last page, which deletes it.
 *
 * The first screen first (issue 19): before the history, the rows /home needs (first-screen-rows.ts,
 * one small request; or the first page itself, for the collections whose first page /home reads whole)
 * are written the same way. The history pull then runs exactly as without them and
 * ends at the same checkpoint; a row it brings in the state already written is skipped, a newer state
 * goes through RxDB with the last page (a local edit made meanwhile is kept there, as above).
 */
import { getChangedDocumentsSince } from 'rxdb';
import type { RxCollection, RxReplicationWriteToMasterRow, WithDeleted } from 'rxdb';
import type { RxReplicationState } from 'rxdb/plugins/replication';
import { firstValueFrom } from 'rxjs';
import { filter } from 'rxjs/operators';
import { isPulledState, pullBaseOf } from '../../src/db/pull-base';
import { insertNew } from './insert-new';
import type { PullCheckpoint, ServerRow } from './rows';

type Doc = Record<string, unknown> & { id: string };

export interface FirstPullOptions {
  collection: RxCollection<Doc>;
  state: RxReplicationState<Doc, PullCheckpoint>;
  batchSize: number;
  /** One page of rows after the checkpoint (undefined: from the start); throws on failure. */
  fetchPage(after: ServerRow | undefined): Promise<ServerRow[]>;
  /** Server rows to documents, as the pull handler maps them (pull-only: pending intents laid over). */
  toDocs(rows: ServerRow[]): Promise<WithDeleted<Doc>[]>;
  /** The rows the first screen needs, written before the history (first-screen-rows.ts); throws on failure. */
  fetchFirstScreen?: () => Promise<ServerRow[]>;
  /**
   * The first page is the first screen's (FIRST_SCREEN_PAGES: the own profile, settings, rest days):
   * written as it arrives like the first screen's rows, even when it is the last page.
   */
  firstPageOnFirstScreen?: boolean;
}

export interface FirstPullResult {
  /**
   * Rows RxDB must still write: the last page, rows a local document took meanwhile, and rows the
   * first screen's request wrote in a state the history brought newer.
   */
  rest: ServerRow[];
  /** The last row fetched (the pull checkpoint). */
  last: ServerRow | undefined;
}

/** Runs the first pull if it applies (see the module comment); null: RxDB pulls as usual. */
export async function firstPull(options: FirstPullOptions): Promise<FirstPullResult | null> {
  const { collection, state, batchSize } = options;
  const internal = state.internalReplicationState;
  if (!internal) return null;
  const storage = collection.storageInstance.originalStorageInstance;
  const hash = await internal.input.hashFunction(internal.input.identifier);
  const stored = await storedBeforeFirstPull(collection, hash, batchSize);
  if (stored === null) return null;
  // The upstream's first pass reads the storage from its checkpoint: let it end on the empty storage
  // first, or it would find these documents and push them back as local writes.
  await firstValueFrom(internal.firstSyncDone.up.pipe(filter(Boolean)));
  const context = await internal.downstreamBulkWriteFlag;
  // A first revision as RxDB's own inserts write it (its token is not compared; the marker is `o`).
  const revision = `1-${collection.database.token}`;
  /** Writes the live rows as first-pulled documents; returns the rows a stored document took. */
  const write = async (live: ServerRow[]): Promise<ServerRow[]> => {
    const docs = await options.toDocs(live);
    const lwt = Date.now();
    const taken = await insertNew(
      storage,
      docs.map((doc) => ({
        ...doc,
        _deleted: false,
        _attachments: {},
        _rev: revision,
        _meta: { lwt, o: { _rev: 1, hash } },
      })),
      context,
    );
    return live.filter((row) => taken.has(row.id));
  };

  // The first screen's rows, by id the `_modified` of the state written.
  const early = new Map<string, string>();
  const writeEarly = async (rows: ServerRow[]) => {
    const live = rows.filter((row) => row._deleted !== true);
    const taken = new Set((await write(live)).map((row) => row.id));
    for (const row of live) if (!taken.has(row.id)) early.set(row.id, row._modified);
  };
  // The history's first page is already on its way (replicate-collection.ts): ask for it first.
  let page = options.fetchPage(undefined);
  page.catch(() => undefined);
  if (options.fetchFirstScreen) await writeEarly(await options.fetchFirstScreen());

  const rest: ServerRow[] = [];
  let last: ServerRow | undefined;
  let rows = await page;
  // Through RxDB (a short page) the own profile reached the page about 330 ms after it had arrived
  // (bench sync new device, 2026-11-28: RxDB's reads and writes queue behind a new device's other
  // IndexedDB work); the rows pass through RxDB once more below only when they changed meanwhile.
  if (options.firstPageOnFirstScreen) await writeEarly(rows);
  while (rows.length >= batchSize) {
    last = rows.at(-1);
    // The next request travels while this page is written.
    page = options.fetchPage(last);
    page.catch(() => undefined);
    const fresh = rows.filter((row) => early.get(row.id) !== row._modified);
    // Rows the first screen wrote in an older state (or that were deleted since): RxDB's way.
    rest.push(...fresh.filter((row) => early.has(row.id)));
    const others = fresh.filter((row) => !early.has(row.id));
    const deleted = others.filter((row) => row._deleted === true);
    if (stored.size > 0) rest.push(...deleted.filter((row) => stored.has(row.id)));
    rest.push(...(await write(others.filter((row) => row._deleted !== true))));
    rows = await page;
  }
  rest.push(...rows.filter((row) => early.get(row.id) !== row._modified));
  const end = rows.at(-1) ?? last;
  // RxDB stores the pull checkpoint only with a page that has documents: when the rows filled the
  // written pages exactly (or the last page held only rows written early), the last row goes through
  // RxDB once more (it finds the document equal and writes just its meta). Without it the next pull
  // would start from nothing and read the whole collection again through RxDB (10,000 rows: about a
  // second of IndexedDB work, bench sync).
  if (rest.length === 0 && end) rest.push(end);
  return { rest, last: end };
}

/**
 * The ids stored before a first pull when it may write to storage directly (see the module comment):
 * none, or at most `limit` documents a first pull of this replication wrote, none changed since. Null:
 * anything else is stored (a local write, or more than that), so RxDB pulls as usual.
 */
async function storedBeforeFirstPull(
  collection: RxCollection<Doc>,
  hash: string,
  limit: number,
): Promise<Set<string> | null> {
  const { documents } = await getChangedDocumentsSince(collection.storageInstance, limit + 1);
  if (documents.length > limit) return null;
  const firstPulled = (doc: (typeof documents)[number]) =>
    !doc._deleted && isPulledState(doc) && (doc._meta as { o?: { hash?: string } }).o?.hash === hash;
  return documents.every(firstPulled) ? new Set(documents.map((d) => d.id)) : null;
}

/** No document at all, deleted ones included (a local delete is a write the pull must not bypass). */
export async function holdsNothing(collection: RxCollection<Doc>): Promise<boolean> {
  const { documents } = await getChangedDocumentsSince(collection.storageInstance, 1);
  return documents.length === 0;
}

/**
 * The push rows to send, given the rows RxDB hands the push handler. Rows RxDB sends without an assumed
 * master state (documents the first pull wrote have no replication meta) are looked up in storage:
 * - still the state a pull wrote (not edited since): it is the server's own state, not a local write.
 *   RxDB's upstream finds such documents when a resync makes it re-read the storage from its checkpoint
 *   before it has moved past the first pull's writes (a realtime subscription, `online` or sync now
 *   during the pull): sending them made the server answer each as a conflict (a new device pushed
 *   hundreds of its own pulled rows back, bench sync). Left out, RxDB records them as the master state,
 *   which they are.
 * - edited: the row gets the base the local edit recorded (`_meta.b`, src/db/pull-base.ts). In place on
 *   purpose: RxDB resolves a conflict with the `assumedMasterState` of these same row objects
 *   (upstream.js `writeRowsToMaster`), so the conflict handler's three-way merge gets the base as well.
 * Rows with an assumed state, and documents created on this device (no base), are sent as they are.
 */
export async function preparePush(
  collection: RxCollection<Doc>,
  rows: RxReplicationWriteToMasterRow<Doc>[],
): Promise<RxReplicationWriteToMasterRow<Doc>[]> {
  const open = rows.filter((r) => r.assumedMasterState === undefined);
  if (open.length === 0) return rows;
  const stored = await collection.storageInstance.findDocumentsById(
    open.map((r) => r.newDocumentState.id),
    true,
  );
  const serverStates = new Set<string>();
  const bases = new Map<string, WithDeleted<Doc>>();
  for (const doc of stored) {
    if (isPulledState(doc)) serverStates.add(doc.id);
    const base = pullBaseOf(doc);
    if (base) bases.set(doc.id, base);
  }
  for (const row of open) {
    const base = bases.get(row.newDocumentState.id);
    if (base) row.assumedMasterState = base;
  }
  return rows.filter((r) => r.assumedMasterState !== undefined || !serverStates.has(r.newDocumentState.id));
}
