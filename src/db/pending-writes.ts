/**
 * Pending local writes: what this user's device has written that the server has not acknowledged yet.
 *
 * One database-level local document (`pending_writes`, device-local, never replicated) holds an entry
 * per unacknowledged write. The write commands add entries; whoever sends them (the sync worker for
 * pushes, the intent sender for RPCs) settles them. Both realms write the document through
 * `modifyLocal`, which is safe against concurrent writers.
 *
 * Two kinds:
 * - `push`: a document of a client-owned collection (workouts, user_settings) that RxDB's replication
 *   will push. The worker calls `acknowledgePushed` with the states its push handler sent; an entry is
 *   cleared only when the document still equals the pushed state, so an edit made while the push was in
 *   flight stays pending.
 * - `intent`: an RPC or column update for a pull-only collection (rest days, check-ins, home gyms,
 *   notifications, the own profile). The command has already applied `patch` to the local document
 *   (optimistic); `previous` holds the values before the first unacknowledged write (null: the command
 *   created the document) so a refusal can roll it back. Intents are sent in `seq` order and settled
 *   with `settleIntent(key, seq, outcome)`: an outcome for an older `seq` than the entry's latest write
 *   does not clear it. Pulled rows are overlaid with pending patches (`overlayPending`) so that a pull
 *   arriving before the intent is applied does not flip the screen back.
 */
import { map, type Observable } from 'rxjs';
import { unflexInWindow } from './feed-flexes';
import { localData$, modifyLocal, readLocal } from './local-doc';
import { COLLECTIONS, type CollectionName } from './schemas';
import type { SpotterDatabase } from './types';

export const PENDING_WRITES_ID = 'pending_writes';
/** Refused writes kept for the UI until dismissed (newest first). */
export const MAX_FAILED_WRITES = 50;

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** What to send for an intent: an RPC (POST /rest/v1/rpc/<fn>) or a column update of one row. */
export type IntentRequest =
  | { type: 'rpc'; fn: string; args: Record<string, Json> }
  | { type: 'update'; table: CollectionName | 'profile_details'; id: string; values: Record<string, Json> };

/**
 * What a pending write changes: a collection, or a database-level local document that mirrors server
 * state (the daily challenge's completion, the owner-only profile details, my flexes in the feed window:
 * there `doc_id` is an activity inside the window, see feed-flexes.ts).
 */
export type LocalTarget = 'daily_challenge' | 'profile_details' | 'feed_window';
export type WriteTarget = CollectionName | LocalTarget;
const LOCAL_TARGETS: ReadonlySet<string> = new Set<LocalTarget>([
  'daily_challenge',
  'profile_details',
  'feed_window',
]);
export const isLocalTarget = (t: WriteTarget): t is LocalTarget => LOCAL_TARGETS.has(t);

export interface WriteError {
  code: string;
  message: string;
  at: string;
}

export interface PendingEntry {
  key: string;
  /** Order of the latest local write of this entry; intents are sent in ascending seq. */
  seq: number;
  kind: 'push' | 'intent';
  collection: WriteTarget;
  doc_id: string;
  /** When the first unacknowledged write of this entry happened. */
  since: string;
  updated_at: string;
  request: IntentRequest | null;
  patch: Record<string, Json> | null;
  previous: Record<string, Json> | null;
  attempts: number;
  last_error: WriteError | null;
  /** The service worker's queue id when the request was answered "queued" (202); else null. */
  queue_id: string | null;
  /**
   * A pull brought the server's row while this intent was pending, and the row did not show it: the
   * patch was laid over (`overlayPending`). The pull checkpoint is past that row now, so once the intent
   * settles the row is read again (`recheck`), else a newer server state (an accepted join request,
   * another device's edit) would stay hidden behind the optimistic one until the row next changes.
   */
  masked?: boolean;
  /**
   * Other rows of the same collection the command changed as it expects the server to (a check-in ends
   * the open one): the server decides by its own view, which may differ from this device's, and no pull
   * brings a row it left unchanged. They are read again once the intent settles, applied or refused.
   */
  touched?: string[];
}

/** A row of a pull-only collection to read again from the server (see `PendingEntry.masked`). */
export interface RecheckEntry {
  collection: CollectionName;
  doc_id: string;
  /**
   * Which request to read this row it is (the ledger's `recheck_count` when asked). A read that began
   * before the row was asked for again (a rolled-back refusal) must not clear the newer request.
   */
  asked?: number;
}

export interface FailedWrite {
  key: string;
  collection: WriteTarget;
  doc_id: string;
  request: IntentRequest | null;
  error: WriteError;
}

/**
 * A write the server has acknowledged whose effects on server-owned values (xp, level, streaks in
 * `profiles`, the award in `xp_events`) may not have been pulled yet. Kept apart from `entries` (it is
 * not pending: nothing is sent for it, the sync status does not count it) so that the progression keeps
 * counting the write until the pulled data shows it; otherwise the screen drops back to the old server
 * numbers between the acknowledgement and the follow-up pull (issue 7). The sync worker removes it
 * (sync-worker/intents/settling-watcher.ts).
 */
export interface SettlingEntry {
  key: string;
  collection: WriteTarget;
  doc_id: string;
  /** When the acknowledgement was recorded. */
  acknowledged_at: string;
}

export interface PendingState {
  next_seq: number;
  entries: Record<string, PendingEntry>;
  failed: FailedWrite[];
  /** Acknowledged writes whose effects are on their way (absent in ledgers written before it existed). */
  settling?: Record<string, SettlingEntry>;
  /** Rows to read again, by `collection:doc_id` (absent in ledgers written before it existed). */
  recheck?: Record<string, RecheckEntry>;
  /** How many times a row was asked to be read again: the next request's `asked`. */
  recheck_count?: number;
}

export const emptyPendingState = (): PendingState => ({ next_seq: 1, entries: {}, failed: [], settling: {} });

/** Targets whose writes move XP, level or streaks: their acknowledged entries settle, the rest go. */
const SETTLING_TARGETS: ReadonlySet<WriteTarget> = new Set<WriteTarget>([
  'workouts',
  'rest_days',
  'daily_challenge',
]);

export function settlingEntries(state: PendingState): SettlingEntry[] {
  return Object.values(state.settling ?? {});
}

/** Removes acknowledged entries from `entries`; those that move progression are kept as settling. */
function acknowledge(s: PendingState, keys: readonly string[], at: string): PendingState {
  const entries = { ...s.entries };
  const settling = { ...(s.settling ?? {}) };
  for (const key of keys) {
    const entry = entries[key];
    if (!entry) continue;
    delete entries[key];
    if (SETTLING_TARGETS.has(entry.collection)) {
      settling[key] = { key, collection: entry.collection, doc_id: entry.doc_id, acknowledged_at: at };
    }
  }
  return { ...s, entries, settling };
}

const recheckKey = (r: RecheckEntry) => `${r.collection}:${r.doc_id}`;

/** `s` with the rows of these (settled or vanished) masked entries to read again. */
function withRecheck(
  s: PendingState,
  rows: readonly { collection: WriteTarget; doc_id: string }[],
): PendingState {
  const wanted = rows.filter((r): r is RecheckEntry => !isLocalTarget(r.collection));
  if (wanted.length === 0) return s;
  const recheck = { ...(s.recheck ?? {}) };
  let asked = s.recheck_count ?? 0;
  for (const r of wanted) {
    asked += 1;
    recheck[recheckKey(r)] = { collection: r.collection, doc_id: r.doc_id, asked };
  }
  return { ...s, recheck, recheck_count: asked };
}

export function recheckEntries(state: PendingState): RecheckEntry[] {
  return Object.values(state.recheck ?? {});
}

/**
 * A pull laid these intents' patches over rows that did not show them (`PendingEntry.masked`). An entry
 * settled meanwhile (the overlay read the ledger a moment before) has its row read again at once.
 */
export async function markMasked(
  db: SpotterDatabase,
  masked: readonly Pick<PendingEntry, 'key' | 'collection' | 'doc_id'>[],
): Promise<void> {
  if (masked.length === 0) return;
  await modifyPending(db, (s) => {
    const entries = { ...s.entries };
    const gone: Pick<PendingEntry, 'collection' | 'doc_id'>[] = [];
    let changed = false;
    for (const m of masked) {
      const entry = entries[m.key];
      if (!entry) gone.push(m);
      else if (!entry.masked) {
        entries[m.key] = { ...entry, masked: true };
        changed = true;
      }
    }
    const next = changed ? { ...s, entries } : s;
    return withRecheck(next, gone);
  });
}

/**
 * These rows were read again (or no longer need it): forget them, unless a row was asked for again since
 * the read began (an entry with `asked` only clears the request it was).
 */
export async function removeRecheck(db: SpotterDatabase, rows: readonly RecheckEntry[]): Promise<void> {
  if (rows.length === 0) return;
  await modifyPending(db, (s) => {
    const present = rows
      .filter((r) => {
        const stored = s.recheck?.[recheckKey(r)];
        return stored !== undefined && (r.asked === undefined || stored.asked === r.asked);
      })
      .map(recheckKey);
    if (present.length === 0) return s;
    const recheck = { ...s.recheck };
    for (const key of present) delete recheck[key];
    return { ...s, recheck };
  });
}

/** The pulled data shows these acknowledged writes (or they waited long enough): forget them. */
export async function removeSettling(db: SpotterDatabase, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await modifyPending(db, (s) => {
    const present = keys.filter((key) => key in (s.settling ?? {}));
    if (present.length === 0) return s;
    const settling = { ...s.settling };
    for (const key of present) delete settling[key];
    return { ...s, settling };
  });
}

const modifyPending = (db: SpotterDatabase, fn: (s: PendingState) => PendingState) =>
  modifyLocal(db, PENDING_WRITES_ID, emptyPendingState, fn);

export async function readPending(db: SpotterDatabase): Promise<PendingState> {
  return (await readLocal<PendingState>(db, PENDING_WRITES_ID)) ?? emptyPendingState();
}

/**
 * Whether an intent was recorded since the ledger read `seq` as its `next_seq`. A server answer asked
 * for before then may be older than what the device shows: that intent may have been applied and
 * settled before the answer came (sync-worker/core/recheck-rows.ts, reconcile.ts; CI stop 29).
 */
export async function recordedSince(db: SpotterDatabase, seq: number): Promise<boolean> {
  return (await readPending(db)).next_seq !== seq;
}

export function pending$(db: SpotterDatabase): Observable<PendingState> {
  return localData$<PendingState>(db, PENDING_WRITES_ID).pipe(map((state) => state ?? emptyPendingState()));
}

/** Entries in send order. */
export function pendingEntries(state: PendingState): PendingEntry[] {
  return Object.values(state.entries).sort((a, b) => a.seq - b.seq);
}

export const pushKey = (collection: CollectionName, docId: string) => `${collection}:${docId}`;

/** Called by commands after writing a document of a client-owned (pushed) collection. */
export async function recordPush(
  db: SpotterDatabase,
  collection: CollectionName,
  docId: string,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const key = pushKey(collection, docId);
  await modifyPending(db, (s) => {
    const old = s.entries[key];
    const entry: PendingEntry = {
      key,
      seq: s.next_seq,
      kind: 'push',
      collection,
      doc_id: docId,
      since: old?.since ?? at,
      updated_at: at,
      request: null,
      patch: null,
      previous: null,
      attempts: old?.attempts ?? 0,
      last_error: old?.last_error ?? null,
      queue_id: null,
    };
    return { ...s, next_seq: s.next_seq + 1, entries: { ...s.entries, [key]: entry } };
  });
}

export interface IntentInput {
  key: string;
  collection: WriteTarget;
  doc_id: string;
  request: IntentRequest;
  /** The fields the command wrote to the local document. */
  patch: Record<string, Json>;
  /** Those fields before the write; null when the command created the document. */
  previous: Record<string, Json> | null;
  /**
   * The command's patch went over a row another write (a pull) had changed since the command read it:
   * its values may hide a newer server state, so the row is read again once the intent settles.
   */
  masked?: boolean;
  /** Other rows of the collection the command changed on this device (`PendingEntry.touched`). */
  touched?: readonly string[];
}

/**
 * Records an intent. A second intent with the same key before the first is acknowledged replaces the
 * request (an update's values are merged), merges the patch and keeps the first `previous` and `since`.
 */
export async function recordIntent(db: SpotterDatabase, input: IntentInput, now: Date): Promise<void> {
  const at = now.toISOString();
  await modifyPending(db, (s) => {
    const old = s.entries[input.key];
    let request = input.request;
    if (old?.request?.type === 'update' && request.type === 'update') {
      request = { ...request, values: { ...old.request.values, ...request.values } };
    }
    const previous = old ? old.previous : input.previous;
    const entry: PendingEntry = {
      key: input.key,
      seq: s.next_seq,
      kind: 'intent',
      collection: input.collection,
      doc_id: input.doc_id,
      since: old?.since ?? at,
      updated_at: at,
      request,
      patch: { ...(old?.patch ?? {}), ...input.patch },
      previous: previous === null ? null : { ...input.previous, ...previous },
      attempts: old?.attempts ?? 0,
      last_error: old?.last_error ?? null,
      // A newer request replaces the queued one: whatever the queue still holds is an older state.
      queue_id: null,
      // The row a pull laid the older write over still needs reading again once this one settles.
      ...(old?.masked || input.masked ? { masked: true } : {}),
      ...touchedOf(old, input),
    };
    return { ...s, next_seq: s.next_seq + 1, entries: { ...s.entries, [input.key]: entry } };
  });
}

/** The rows a replaced entry and its new write touched, together (none: no field). */
function touchedOf(old: PendingEntry | undefined, input: IntentInput): { touched?: string[] } {
  const touched = [...new Set([...(old?.touched ?? []), ...(input.touched ?? [])])];
  return touched.length > 0 ? { touched } : {};
}

/** The other rows `entry`'s command changed (`PendingEntry.touched`), to read again once it settles. */
const touchedRows = (entry: PendingEntry) =>
  (entry.touched ?? []).map((doc_id) => ({ collection: entry.collection, doc_id }));

/**
 * The sync worker reports the document states its push handler sent (RxDB's `newDocumentState`s) once
 * the server accepted them; an entry is cleared when the local document still equals that state.
 */
export async function acknowledgePushed(
  db: SpotterDatabase,
  collection: CollectionName,
  pushed: readonly (Record<string, unknown> & { id: string; _deleted: boolean })[],
  now: Date = new Date(),
): Promise<void> {
  // No pre-filter on a ledger read here: this realm's copy of the ledger may lag the other realm's last
  // write by one change event, and an entry missed that way would stay pending for good (convergence
  // seed 13). The ledger is consulted only inside modifyPending, which sees the latest revision. Note
  // that modifyPending writes a new revision even when `fn` changes nothing (RxDB's incremental write
  // does not compare), waking every ledger subscriber in all realms: hence the early return below when
  // no pushed document equals its local state.
  const candidates = pushed;
  const coll = db.collections[collection];
  const stored = await coll.storageInstance.findDocumentsById(
    candidates.map((p) => p.id),
    true,
  );
  const byId = new Map(stored.map((d) => [d.id, d as unknown as Record<string, unknown>]));
  const isEqual = COLLECTIONS[collection].conflictHandler?.isEqual;
  const settled = candidates
    .filter((p) => {
      const current = byId.get(p.id);
      if (!current) return true;
      return isEqual ? isEqual(current as never, p as never, 'acknowledge-pushed') : sameFields(current, p);
    })
    .map((p) => pushKey(collection, p.id));
  if (settled.length === 0) return;
  await modifyPending(db, (s) => {
    const present = settled.filter((key) => key in s.entries);
    if (present.length === 0) return s;
    return acknowledge(s, present, now.toISOString());
  });
}

function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return Object.keys(b).every((k) => (a[k] ?? null) === (b[k] ?? null));
}

/** The worker reports a failed push attempt (kept pending; shown in the sync status). */
export async function recordPushError(
  db: SpotterDatabase,
  collection: CollectionName,
  docIds: readonly string[],
  error: { code: string; message: string },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await modifyPending(db, (s) => {
    const entries = { ...s.entries };
    for (const id of docIds) {
      const e = entries[pushKey(collection, id)];
      if (e) entries[e.key] = { ...e, attempts: e.attempts + 1, last_error: { ...error, at } };
    }
    return { ...s, entries };
  });
}

/**
 * The push RPC refused rows for good (its "rejected" list: a check constraint, RLS, an id in use). The
 * entries move to `failed` so the UI shows them; the local document is kept as the user wrote it.
 */
export async function recordPushRejected(
  db: SpotterDatabase,
  collection: CollectionName,
  rejected: readonly { id: string; code: string; message: string }[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await modifyPending(db, (s) => {
    const entries = { ...s.entries };
    const failed: FailedWrite[] = [];
    for (const r of rejected) {
      const key = pushKey(collection, r.id);
      delete entries[key];
      failed.push({
        key,
        collection,
        doc_id: r.id,
        request: null,
        error: { code: r.code, message: r.message, at },
      });
    }
    return { ...s, entries, failed: [...failed, ...s.failed].slice(0, MAX_FAILED_WRITES) };
  });
}

export type IntentOutcome =
  | { status: 'applied' }
  /** Not applied yet (offline, 401, 408, 429, 5xx, or queued by the service worker): stays pending. */
  | { status: 'retry'; code: string; message: string }
  /** A permanent refusal (4xx): the entry is dropped, the local change rolled back, the failure kept. */
  | { status: 'refused'; code: string; message: string };

export async function settleIntent(
  db: SpotterDatabase,
  key: string,
  seq: number,
  outcome: IntentOutcome,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  let rollback: PendingEntry | undefined;
  await modifyPending(db, (s) => {
    rollback = undefined;
    const entry = s.entries[key];
    if (!entry) return s;
    const entries = { ...s.entries };
    if (outcome.status === 'retry') {
      entries[key] = {
        ...entry,
        attempts: entry.attempts + 1,
        last_error: { code: outcome.code, message: outcome.message, at },
      };
      return { ...s, entries };
    }
    if (outcome.status === 'applied') {
      // A newer local write of the same entry is still to be sent.
      if (entry.seq !== seq) return s;
      const acknowledged = acknowledge(s, [key], at);
      // A row this intent created (`previous: null`) is read again too: the server may have kept another
      // device's row instead (one join request per workout, answered with the first one's id), and no
      // pull ever removes a local row the server never had (fault-convergence seed 8).
      const own = entry.masked || entry.previous === null ? [entry] : [];
      return withRecheck(acknowledged, [...own, ...touchedRows(entry)]);
    }
    const failure: FailedWrite = {
      key,
      collection: entry.collection,
      doc_id: entry.doc_id,
      request: entry.request,
      error: { code: outcome.code, message: outcome.message, at },
    };
    const failed = [failure, ...s.failed].slice(0, MAX_FAILED_WRITES);
    if (entry.seq !== seq) return { ...s, failed };
    delete entries[key];
    rollback = entry;
    // Rolled back to the values before the write; the server's row may have moved on since. The row is
    // read again whether or not a pull was seen hiding it: a pull written between the command's read of
    // `previous` and its ledger write, or between this settle and the rollback below, was never marked.
    return withRecheck({ ...s, entries, failed }, [entry, ...touchedRows(entry)]);
  });
  if (!rollback) return;
  const rolledBack = rollback;
  await rollBack(db, rolledBack);
  // Local documents are never read again by row; and modifyPending writes a revision (waking every
  // ledger subscriber) even when nothing changes.
  if (isLocalTarget(rolledBack.collection)) return;
  // Asked again after the rollback: a read that ran between the settle and the rollback (the request
  // above) was overwritten by it (fault-convergence seed 163: a request another device had accepted
  // showed "pending" again for good after this device's decline was refused).
  await modifyPending(db, (s) => withRecheck(s, [rolledBack]));
}

async function rollBack(db: SpotterDatabase, entry: PendingEntry): Promise<void> {
  if (entry.collection === 'feed_window') {
    await unflexInWindow(db, entry.doc_id);
    return;
  }
  if (isLocalTarget(entry.collection)) {
    const previous = entry.previous ?? {};
    const doc = await db.getLocal<Record<string, Json>>(entry.collection);
    // Only if the local document still describes the same thing (today's challenge, not tomorrow's).
    if (doc && entry.key === `${entry.collection}:${entry.doc_id}`) {
      const data = doc.toJSON().data as Record<string, Json>;
      if (data.id === entry.doc_id) await doc.incrementalModify((d) => ({ ...d, ...previous }));
    }
    return;
  }
  const coll = db.collections[entry.collection] as unknown as {
    findOne(id: string): {
      exec(): Promise<{
        remove(): Promise<unknown>;
        incrementalPatch(p: object): Promise<unknown>;
      } | null>;
    };
  };
  const doc = await coll.findOne(entry.doc_id).exec();
  if (!doc) return;
  if (entry.previous === null) await doc.remove();
  else await doc.incrementalPatch(entry.previous);
}

/**
 * The service worker answered an intent's request with 202 "queued" (service-worker/protocol.ts): keep
 * its queue id so the page can settle the entry when the queue reports the outcome (QUEUE_OUTCOME).
 */
export async function markIntentQueued(
  db: SpotterDatabase,
  key: string,
  seq: number,
  queueId: string,
): Promise<void> {
  await modifyPending(db, (s) => {
    const entry = s.entries[key];
    if (!entry || entry.seq !== seq) return s;
    return { ...s, entries: { ...s.entries, [key]: { ...entry, queue_id: queueId } } };
  });
}

/** The pending entry a service-worker queue outcome belongs to. */
export function entryForQueueId(state: PendingState, queueId: string): PendingEntry | undefined {
  return Object.values(state.entries).find((e) => e.queue_id === queueId);
}

export async function dismissFailedWrite(db: SpotterDatabase, key: string): Promise<void> {
  await modifyPending(db, (s) => ({ ...s, failed: s.failed.filter((f) => f.key !== key) }));
}

/**
 * For the worker's pull modifier of pull-only collections: a pulled row with the optimistic fields of
 * unacknowledged intents on it laid over, so the screen keeps showing the local change until the
 * server has applied it (then the row carries the same values anyway).
 */
export function overlayPending<T extends { id: string }>(
  state: PendingState,
  collection: WriteTarget,
  row: T,
): T {
  let out = row;
  for (const entry of pendingEntries(state)) {
    if (entry.kind === 'intent' && entry.collection === collection && entry.doc_id === row.id) {
      out = { ...out, ...entry.patch };
    }
  }
  return out;
}
