/**
 * One collection's replication: RxDB's `replicateRxCollection` with our own handlers.
 * - pull: rows after the `(_modified, id)` checkpoint, in that order, `batchSize` (<= PostgREST max-rows)
 *   at a time; a short page ends the pull;
 * - push: one RPC call per batch (`push_workouts(p_rows jsonb)`), conflicts returned as server rows for
 *   the collection's conflict handler; acknowledged rows settle the pending-writes ledger;
 * - stream$: only 'RESYNC': a (re)subscribe, online, a token change, syncNow and the timer each pull
 *   from the checkpoint; a realtime row is served by the pull handler without a request (emitRow,
 *   serveStreamed).
 * `waitForLeadership` stays true: only the elected instance (one sync worker across tabs) replicates.
 */
import type { DatabaseClient, Json } from '../../src/db/database';
import { Subject } from 'rxjs';
import type {
  ReplicationPullHandlerResult,
  RxCollection,
  RxReplicationPullStreamItem,
  RxReplicationWriteToMasterRow,
  WithDeleted,
} from 'rxdb';
import { replicateRxCollection, type RxReplicationState } from 'rxdb/plugins/replication';
import {
  acknowledgePushed,
  pushKey,
  recordPushError,
  type PendingEntry,
  type PendingState,
} from '../../src/db/pending-writes';
import type { PushRpc } from '../../src/db/schemas';
import type { SpotterDatabase } from '../../src/db/types';
import type { CollectionSync } from './collections';
import { classify, SyncError } from './errors';
import type { SyncGate } from './gate';
import { firstPull, holdsNothing, preparePush } from './first-pull';
import type { FirstScreenLane } from './first-screen-lane';
import {
  FIRST_SCREEN_PAGES,
  firstScreenWindow,
  readsOnFirstScreen,
  type FirstScreenWindow,
} from './first-screen-rows';
import { ledger$, storedLedger } from './local-doc-stream';
import { afterOverlaidWrite, overlayPulled, reapplyPending } from './pull-overlay';
import { pushChunks } from './push-chunks';
import { settleStalePushesWhenIdle } from './settle-stale-pushes';
import {
  isServerRow,
  modifiedMicros,
  rowToDoc,
  schemaFields,
  type PullCheckpoint,
  type ServerRow,
} from './rows';

/**
 * Rows per pull request: PostgREST's max-rows (1000, supabase/config.toml), never more: a page capped
 * below the batch size would look like the end. Equal is safe (a full page is never short). Half as
 * many round trips and RxDB write batches as 500 on an initial pull (bench sync).
 */
export const PULL_BATCH_SIZE = 1000;
/**
 * Documents per push batch: the push RPCs' own limit (500, push_rows). An offline queue of 500 new
 * workouts replays in one request instead of five (bench sync offline_replay_500_s); a batch of long rows
 * is split by size into several requests (push-chunks.ts).
 */
export const PUSH_BATCH_SIZE = 500;
/** Largest push request body: a quarter of the 1 MiB the API refuses above (supabase/emulator rest). */
export const MAX_PUSH_BODY_BYTES = 256 * 1024;

type Doc = Record<string, unknown> & { id: string };

/** A push RPC's answer: server states of conflicting rows, and rows a server rule refused. */
interface PushAnswer {
  conflicts?: unknown[];
  rejected?: { id: string; code: string; message: string }[];
}

export interface ReplicationHooks {
  /** A pull returned a short page: the collection was complete as of `startedAt`. */
  caughtUp(name: string, startedAt: number): void;
  failed(name: string, error: unknown): void;
  succeeded(name: string): void;
  now(): Date;
}

export interface CollectionReplication {
  sync: CollectionSync;
  state: RxReplicationState<Doc, PullCheckpoint>;
  /** A row from realtime. */
  emitRow(row: Record<string, unknown>): void;
  resync(): void;
}

export interface ReplicateOptions {
  db: SpotterDatabase;
  client: DatabaseClient;
  gate: SyncGate;
  userId: string;
  sync: CollectionSync;
  identifier: string;
  hooks: ReplicationHooks;
  retryTime: number;
  pullBatchSize?: number;
  /** Pull only these ids (friends' profiles, through get_profile_rows); an empty list pulls nothing. */
  idIn?: readonly string[];
  /** A new device's first requests: the first screen's ahead of the history (first-screen-lane.ts). */
  lane?: FirstScreenLane;
  /** True when this device has never completed a sync (its sync meta says so): see the early requests. */
  neverSynced?: Promise<boolean>;
}

export function replicateCollection(options: ReplicateOptions): CollectionReplication {
  const { db, client, gate, userId, sync, hooks } = options;
  const collection = db.collections[sync.name] as unknown as RxCollection<Doc>;
  const fields = schemaFields(collection);
  const stream = new Subject<RxReplicationPullStreamItem<Doc, PullCheckpoint>>();
  /** Server states returned as push conflicts, until RxDB writes its resolution locally. */
  const awaitingResolution = new Map<string, WithDeleted<Doc>>();

  /** Shared failure path: wait for a nudge or a new token instead of hammering the server. */
  const recordFailure = (error: SyncError, token: string | null): void => {
    gate.holdFor(error, token);
    hooks.failed(sync.name, error);
  };
  const fail = (error: SyncError, token: string | null): never => {
    recordFailure(error, token);
    throw error;
  };

  /** One page of rows after `after` in `(_modified, id)` order; a failure goes the shared way. */
  async function fetchPage(
    after: PullCheckpoint | undefined,
    batchSize: number,
    token: string | null,
  ): Promise<ServerRow[]> {
    const table = client.from(sync.name).select('*');
    // Other people's profiles: the table shows each user their own row only (the zone is theirs alone);
    // get_profile_rows answers the rows of these ids without it, and takes the same filters and order.
    let query = options.idIn
      ? (client.rpc('get_profile_rows', { p_ids: [...options.idIn] }).select('*') as unknown as typeof table)
      : table;
    if (sync.ownerColumn) query = query.eq(sync.ownerColumn, userId);
    if (after?.modified) {
      const { modified: m, id } = after;
      query = query.or(`_modified.gt.${m},and(_modified.eq.${m},id.gt.${id})`);
    }
    const res = await query.order('_modified').order('id').limit(batchSize);
    if (res.error) return fail(classify(res.status, res.error), token);
    return (res.data as unknown[]).filter(isServerRow);
  }

  /** Rows the overlay laid pending intents over, until RxDB has written them (pull-only collections). */
  const overlaid = new Map<string, PendingEntry[]>();
  /** Pull-only: keep the optimistic state of intents still on their way (and settle queued ones). */
  const toDocs = async (rows: ServerRow[]) => {
    const documents = rows.map((r) => rowToDoc<Doc>(fields, r));
    return sync.pushRpc === null
      ? overlayPulled(db, sync.name, documents, hooks.now(), (id, laid) => overlaid.set(id, laid))
      : documents;
  };

  /** The rows the first screen needs (first-screen-rows.ts), live ones only; null: none for this collection. */
  function fetchFirstScreen(token: string | null): Promise<ServerRow[]> | null {
    const window = options.idIn ? null : firstScreenWindow(sync.name, hooks.now());
    return window ? fetchWindow(window, token) : null;
  }
  async function fetchWindow(window: FirstScreenWindow, token: string | null): Promise<ServerRow[]> {
    let query = client.from(sync.name).select('*');
    if (sync.ownerColumn) query = query.eq(sync.ownerColumn, userId);
    const res = await query
      .gte(window.column, window.from)
      .lte(window.column, window.to)
      .eq('_deleted', false)
      .order('_modified')
      .order('id')
      .limit(PULL_BATCH_SIZE);
    if (res.error) return fail(classify(res.status, res.error), token);
    return (res.data as unknown[]).filter(isServerRow);
  }

  // Pulls from the server asked for (RxDB's own first one included) and answered: while they differ, the
  // pull handler asks the server; otherwise it serves streamed rows only (emitRow).
  let serverPullsAsked = 1;
  let serverPullsDone = 0;

  // A new device's first page (and the first screen's rows) are requested as soon as this instance
  // leads, not only once RxDB has set the replication up (meta storage, checkpoints: about 150 ms with
  // every collection starting at once, bench sync). Used once, by the first pull, and only with the
  // batch size it was asked with. The first page of a collection /home does not read waits until the
  // first screen's requests are answered (first-screen-lane.ts).
  const { lane } = options;
  const firstScreenPage = FIRST_SCREEN_PAGES.has(sync.name);
  /** `sent`, when given, learns serverPullsAsked as the request goes (it may wait for the lane). */
  const fetchFirstPage = (
    batchSize: number,
    token: string | null,
    sent?: (asked: number) => void,
  ): Promise<ServerRow[]> => {
    const send = () => {
      sent?.(serverPullsAsked);
      return fetchPage(undefined, batchSize, token);
    };
    return firstScreenPage || !lane ? send() : lane.history().then(send);
  };
  // `asked`: serverPullsAsked when the request went. A resync asked after that (a realtime change, the
  // subscribe, syncNow) may be about a row the answer predates, and its RESYNC may have been lost: sent
  // before RxDB's replication listened, or dropped by RxDB as older than the first pull it then started.
  // The first pull that uses the page then counts as answering only what was asked before it was sent,
  // and asks for one more pull (see `pull`). Before, such a row waited for the 60 s resync (local-docs
  // test, 1 run in about 120: a friendship made while a new device set its replications up).
  let firstPage: { batchSize: number; rows: Promise<ServerRow[]>; asked: number } | null = null;
  let firstScreen: Promise<ServerRow[]> | null = null;
  /** The early first page the current first pull took, or null. */
  let firstPageTaken: { asked: number } | null = null;
  const takeFirstPage = (batchSize: number, token: string | null) => {
    const early = firstPage;
    firstPage = null;
    if (early?.batchSize !== batchSize) return fetchFirstPage(batchSize, token);
    firstPageTaken = early;
    return early.rows;
  };
  /** What the first page the current first pull took answers (its own request: everything asked). */
  const askedBeforeTakenPage = () => firstPageTaken?.asked ?? Infinity;
  const takeFirstScreen = (token: string | null) => {
    const early = firstScreen;
    firstScreen = null;
    return early ?? fetchFirstScreen(token);
  };
  if (!options.idIn) {
    let sent = false;
    void db
      .waitForLeadership()
      .then(async () => {
        // A device that never completed a sync asks at once; any other only for a collection it holds
        // nothing of. Looking first cost a new device about 250 ms (the first read of each collection's
        // storage, a dozen at once while RxDB sets the replications up; bench sync). The answers are used
        // only by a first pull, which looks at the storage itself before it writes them (first-pull.ts).
        if (!gate.isOpen) return;
        if (!(await options.neverSynced) && !(await holdsNothing(collection))) return;
        sent = true;
        const token = gate.token;
        firstScreen = fetchFirstScreen(token);
        firstScreen?.catch(() => undefined);
        if (firstScreen) lane?.track(sync.name, firstScreen);
        const batchSize = options.pullBatchSize ?? PULL_BATCH_SIZE;
        const early = { batchSize, rows: Promise.resolve<ServerRow[]>([]), asked: serverPullsAsked };
        early.rows = fetchFirstPage(batchSize, token, (asked) => (early.asked = asked));
        early.rows.catch(() => undefined);
        if (firstScreenPage) lane?.track(sync.name, early.rows);
        firstPage = early;
      })
      .catch(() => undefined)
      // Nothing sent (the device holds the collection, the gate was closed): the lane waits no more.
      .finally(() => {
        if (!sent) lane?.skip(sync.name);
      });
  }

  // A resync asked for while a new device's first pull runs goes once that pull has returned. RxDB's
  // downstream would run it only after the pull anyway (its tasks run in turn); its upstream would run it
  // at once, re-reading from its checkpoint every document written since: the first pull's pages, which
  // it has not yet moved past (the resync is taken before their write events). On a new device the
  // realtime subscription, `online` and the sync button all ask during the history pull (bench sync).
  let firstPulling = false;
  let resyncHeld = false;
  /** Lets RxDB call the pull handler (which serves streamed rows, or asks the server: see `pull`). */
  const nudgeDownstream = () => {
    if (firstPulling) resyncHeld = true;
    else stream.next('RESYNC');
  };
  const resync = () => {
    serverPullsAsked += 1;
    nudgeDownstream();
  };
  const holdingResyncs = async <T>(run: () => Promise<T>): Promise<T> => {
    firstPulling = true;
    try {
      return await run();
    } finally {
      firstPulling = false;
      if (resyncHeld) {
        resyncHeld = false;
        stream.next('RESYNC');
      }
    }
  };

  async function pull(
    checkpoint: PullCheckpoint | undefined,
    batchSize: number,
  ): Promise<ReplicationPullHandlerResult<Doc, PullCheckpoint>> {
    let asked = serverPullsAsked;
    if (checkpoint !== undefined && asked === serverPullsDone) {
      const served = await serveStreamed(checkpoint);
      if (served) return served;
    }
    await gate.wait();
    const token = gate.token;
    const startedAt = hooks.now().getTime();
    if (options.idIn?.length === 0) {
      hooks.caughtUp(sync.name, startedAt);
      return { documents: [], checkpoint: checkpoint ?? { modified: '', id: '' } };
    }
    let rows: ServerRow[];
    let last: ServerRow | undefined;
    // A new device: full pages straight to storage, the rest through RxDB (first-pull.ts).
    const first =
      checkpoint === undefined
        ? await holdingResyncs(async () => {
            firstPageTaken = null;
            const result = await firstPull({
              collection,
              state,
              batchSize,
              fetchPage: (after) =>
                after === undefined
                  ? takeFirstPage(batchSize, token)
                  : fetchPage({ modified: after._modified, id: after.id }, batchSize, token),
              toDocs,
              fetchFirstScreen: () => takeFirstScreen(token) ?? Promise.resolve([]),
              firstPageOnFirstScreen: firstScreenPage,
            });
            // An early page older than a resync: this pull answers what was asked before the page went,
            // and one more pull follows (held resyncs are let go once the first pull has returned).
            const pageAsked = askedBeforeTakenPage();
            if (pageAsked < asked) {
              asked = pageAsked;
              resyncHeld = true;
            }
            return result;
          })
        : null;
    if (first) {
      rows = first.rest;
      last = first.last;
      hooks.caughtUp(sync.name, startedAt);
    } else {
      rows = await fetchPage(checkpoint, batchSize, token);
      last = rows.at(-1);
      if (rows.length < batchSize) hooks.caughtUp(sync.name, startedAt);
    }
    hooks.succeeded(sync.name);
    const documents = await fromServer(rows);
    const next = last ? { modified: last._modified, id: last.id } : (checkpoint ?? { modified: '', id: '' });
    // A full page: RxDB asks for the next one at once, which must go to the server too.
    if (rows.length < batchSize) serverPullsDone = asked;
    // Rows the checkpoint has passed are told stale by it from now on.
    const passed = modifiedMicros(next.modified);
    for (const [id, at] of servedUpTo) if (at <= passed) servedUpTo.delete(id);
    return { documents, checkpoint: next };
  }

  /** Rows the server sent (pulled or streamed): settle the pushes they prove, then RxDB's documents. */
  async function fromServer(rows: ServerRow[]): Promise<WithDeleted<Doc>[]> {
    if (sync.pushRpc !== null && rows.length > 0) {
      // Always read the stored ledger here, never a cached view of it: an entry recorded a moment ago
      // whose row the pull now brings unchanged would otherwise stay pending for good (RxDB then sees
      // no difference to push, so no acknowledgement would ever clear it; convergence seed 13 in CI).
      // The server holds these states: a local write that equals one is no longer pending (this also
      // settles pushes the service worker queued and replayed on our behalf). Only rows with an entry
      // are compared: an initial pull then reads no local documents and writes no ledger per page.
      const { entries } = await storedLedger(db);
      const candidates = rows
        .filter((r) => pushKey(sync.name, r.id) in entries)
        .map((r) => rowToDoc<Doc>(fields, r));
      if (candidates.length > 0) await acknowledgePushed(db, sync.name, candidates);
    }
    return toDocs(rows);
  }

  /** Realtime rows not yet handed to RxDB, the latest per id (emitRow). */
  const streamed = new Map<string, ServerRow>();
  /** Per id, the `_modified` (µs) of the last row served from the stream, until a pull's checkpoint passes it. */
  const servedUpTo = new Map<string, number>();

  /**
   * The pull handler's answer from streamed rows, without a request: RxDB calls its pull handler one at a
   * time, in order with its writes, so `checkpoint` here is exact. A row at or before it is stale (a pull
   * since brought that row's state or a later one), as is one older than a row already served; both are
   * dropped. The checkpoint stays where it is: realtime may have coalesced or lost a row before these,
   * which only a pull brings (the next resync). Null when a row cannot be placed: the server is asked.
   */
  async function serveStreamed(
    checkpoint: PullCheckpoint,
  ): Promise<ReplicationPullHandlerResult<Doc, PullCheckpoint> | null> {
    const at = modifiedMicros(checkpoint.modified);
    if (Number.isNaN(at) && streamed.size > 0) return null;
    const rows = [...streamed.values()];
    streamed.clear();
    const fresh: ServerRow[] = [];
    for (const row of rows) {
      const modified = modifiedMicros(row._modified);
      if (Number.isNaN(modified)) return null;
      const afterCheckpoint = modified > at || (modified === at && row.id > checkpoint.id);
      if (afterCheckpoint && modified > (servedUpTo.get(row.id) ?? -Infinity)) {
        servedUpTo.set(row.id, modified);
        fresh.push(row);
      }
    }
    return { documents: await fromServer(fresh), checkpoint };
  }

  /**
   * Whether a realtime row may be served without a pull: a row of a collection this device pushes, one
   * the pull would bring (same owner, not a by-id collection), whole. Pull-only collections stay on the
   * pull: their rows meet pending intents' overlays and rows read again by id, all built and tested on
   * pulls, and no measured path waits on them (bench sync cross_device changes workouts).
   */
  const servable = (row: ServerRow): boolean =>
    sync.pushRpc !== null &&
    options.idIn === undefined &&
    (sync.ownerColumn === null || row[sync.ownerColumn] === userId) &&
    fields.every((f) => f in row);

  async function push(handed: RxReplicationWriteToMasterRow<Doc>[]): Promise<WithDeleted<Doc>[]> {
    const rpc = sync.pushRpc;
    if (rpc === null) return [];
    const rows = await preparePush(collection, handed);
    const conflicts: ServerRow[] = [];
    // Usually one request; a batch of long rows goes as several, in order (push-chunks.ts). A chunk that
    // fails throws, and RxDB sends the whole batch again: the chunks before it are answered as replays.
    for (const chunk of pushChunks(rows, MAX_PUSH_BODY_BYTES)) {
      // The RPC's `p_rows jsonb`. RxDB documents are plain JSON (their schemas admit nothing else), which
      // the document type (`Record<string, unknown>`) does not say.
      const p_rows = chunk.map((r) => ({
        newDocumentState: r.newDocumentState,
        assumedMasterState: r.assumedMasterState ?? null,
      })) as Json[];
      const answer = await pushChunk(rpc, p_rows);
      const chunkConflicts = (answer.conflicts ?? []).filter(isServerRow);
      for (const c of chunkConflicts) awaitingResolution.set(c.id, rowToDoc<Doc>(fields, c));
      conflicts.push(...chunkConflicts);
      const rejected = answer.rejected ?? [];
      const notApplied = new Set([...chunkConflicts.map((c) => c.id), ...rejected.map((r) => r.id)]);
      const applied = chunk.map((r) => r.newDocumentState).filter((d) => !notApplied.has(d.id));
      if (applied.length > 0) await acknowledgePushed(db, sync.name, applied);
      for (const r of rejected) {
        // A row that breaks a server rule stays pending with its error, shown in the sync status.
        await recordPushError(db, sync.name, [r.id], { code: r.code, message: r.message }, hooks.now());
      }
      if (rejected.length > 0)
        hooks.failed(sync.name, new SyncError('http', rejected[0]!.code, rejected[0]!.message, 200));
    }
    return conflicts.map((c) => rowToDoc<Doc>(fields, c));
  }

  /** One push request, held at the gate while it cannot go (below); throws what RxDB should retry. */
  async function pushChunk(rpc: PushRpc, p_rows: Json[]): Promise<PushAnswer> {
    // Offline, queued by the service worker or a refused token: the gate holds (a nudge or a new token
    // opens it) and the same rows go again then, from here. Throwing instead left the retry to RxDB,
    // which waits its retryTime (5 s) even when the nudge comes at once (it listens for `online` on
    // window only, and a worker has none): bench sync offline_replay_500_s was 2.8 s or 7.7 s depending
    // on whether the first push after reconnecting failed. Other failures throw; RxDB retries them.
    for (;;) {
      await gate.wait();
      const token = gate.token;
      const res = await client.rpc(rpc, { p_rows });
      const error = res.error
        ? classify(res.status, res.error)
        : res.status === 202
          ? new SyncError('queued', 'queued', 'push queued by the service worker', 202)
          : null;
      if (error === null) {
        hooks.succeeded(sync.name);
        return (res.data ?? {}) as PushAnswer;
      }
      if (error.kind === 'http') return fail(error, token);
      recordFailure(error, token);
    }
  }

  // On a device that never completed a sync, a collection /home does not read starts replicating once
  // the first screen's requests are answered (at most 2 s later). See autoStart below.
  const deferStart = lane !== undefined && !readsOnFirstScreen(sync.name, hooks.now());
  const state = replicateRxCollection<Doc, PullCheckpoint>({
    collection,
    replicationIdentifier: options.identifier,
    live: true,
    retryTime: options.retryTime,
    waitForLeadership: true,
    // Setting a replication up (its meta storage, checkpoints) is IndexedDB work: a dozen collections
    // starting at once made a new device's first-screen replications wait for it (bench sync: their rows
    // arrived 0.4 s after sign-in and showed at 1.4-2.4 s). The others' first requests waited for the
    // lane anyway. A device that holds data starts every replication at once, as before.
    autoStart: !deferStart,
    pull: {
      handler: pull,
      batchSize: options.pullBatchSize ?? PULL_BATCH_SIZE,
      stream$: stream.asObservable(),
    },
    ...(sync.pushRpc !== null ? { push: { handler: push, batchSize: PUSH_BATCH_SIZE } } : {}),
  });

  if (deferStart) {
    // As RxDB's own start would: only in the leader (waitForLeadership), then after the lane if new.
    void db
      .waitForLeadership()
      .then(() => options.neverSynced ?? false)
      .then((never) => (never ? lane?.history() : undefined))
      .then(() => {
        if (!state.isStopped()) void state.start().catch(() => undefined);
      });
  }

  // RxDB resolves a conflict by writing the resolved state to the local document. When that state is the
  // server's (a delete that lost to another device's delete, an edit the merge gave up), nothing is pushed
  // again and no pull brings the row back, so the pending-write entry is settled here, on that write.
  const resolutions = collection.$.subscribe((event) => {
    const server = awaitingResolution.get(event.documentId);
    if (!server) return;
    awaitingResolution.delete(event.documentId);
    void acknowledgePushed(db, sync.name, [server]);
  });
  state.onCancel.push(() => resolutions.unsubscribe());
  // Push entries whose document already equals the server's row (no push will come): settle them.
  state.onCancel.push(settleStalePushesWhenIdle(state, { db, client, gate, sync, hooks }));

  if (sync.pushRpc === null) {
    // Pull-only: an intent recorded between the overlay and RxDB's write of the page is laid on again.
    // The cached ledger only says whether to look: an intent on this row (reapplyPending reads the
    // stored ledger to decide; reading it for every pulled row would cost a storage read per row).
    let ledger: PendingState | null = null;
    const ledgerSub = ledger$(db).subscribe((s) => (ledger = s));
    const received = state.received$.subscribe((doc) => {
      const entries = ledger ? Object.values(ledger.entries) : [];
      if (entries.some((e) => e.kind === 'intent' && e.collection === sync.name && e.doc_id === doc.id)) {
        void reapplyPending(db, sync.name, doc).catch(() => undefined);
      }
      // The mirror case: an intent laid over this row settled before the write (fault-convergence seed 5:
      // a rest day kept the device's confirmed_at over the server's for good).
      const laid = overlaid.get(doc.id);
      if (laid) {
        overlaid.delete(doc.id);
        void afterOverlaidWrite(db, laid).catch(() => undefined);
      }
    });
    state.onCancel.push(() => {
      ledgerSub.unsubscribe();
      received.unsubscribe();
    });
  }

  return {
    sync,
    state,
    emitRow(row) {
      if (!isServerRow(row)) return;
      if (!servable(row)) return resync();
      // Served by the pull handler as it came instead of fetched again from the checkpoint: that request
      // was a quarter of a change's way to another device (bench sync cross_device: 15-77 ms of 60-160).
      // Not handed to RxDB as a document event: RxDB 17.6 drops a RESYNC queued right behind one
      // (downstream.js addNewTask shifts it out, then stops), and an event applied after a pull that
      // already brought a later state of the row kept the stale one (convergence seed 42, 2026-11-22).
      const known = streamed.get(row.id);
      if (!known || modifiedMicros(row._modified) > modifiedMicros(known._modified))
        streamed.set(row.id, row);
      nudgeDownstream();
    },
    resync,
  };
}
