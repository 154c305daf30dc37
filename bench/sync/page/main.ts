/**
 * The `sync` bench's page, built by bench/sync/index.ts with Vite into a temporary directory and opened
 * in headless Chromium: the product's own data layer (openDatabase on Dexie/IndexedDB, the write
 * commands, the pending ledger) and the real sync worker (SyncWorkerClient starts sync-worker/main.ts)
 * with the page's sync wiring (startPageSync: token hand-over, online nudge, focus refresh; this page has
 * no service worker, so the token store is not used), one "device" per browser context. Exposes `window.bench` for the Node side; measures in the page so
 * timings exclude the DevTools protocol.
 */
import Dexie from 'dexie';
import { getDexieStoreSchema } from 'rxdb/plugins/storage-dexie';
import { planWorkout } from '../../../src/db/commands/workouts';
import { spreadDay } from '../../dates';
import { openDatabase } from '../../../src/db/open-database';
import { pending$, pushKey, readPending, settlingEntries } from '../../../src/db/pending-writes';
import type { SpotterDatabase } from '../../../src/db/types';
import { startPageSync, type PageSession } from '../../../src/sync/page-sync';
import { SyncWorkerClient } from '../../../src/sync/sync-worker-client';
import { dexieInstance } from '../../../sync-worker/core/insert-new';

interface Device {
  db: SpotterDatabase;
  userId: string;
  sync: SyncWorkerClient;
  stop: () => void;
}

let device: Device | null = null;
/** Dates of workouts a live query on "B" has seen, with the time each first appeared (epoch ms). */
const arrivals = new Map<string, number>();
/** When the server acknowledged a workout written here (its pending entry cleared; epoch ms). */
const acks = new Map<string, number>();

function current(): Device {
  if (device === null) throw new Error('bench: open() first');
  return device;
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('bench page: timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Rows a second of one `method` of `rows` into a table with `indexes` in a fresh database (same browser,
 * same Dexie copy; its opening included): the fastest of three runs, so a moment of load on the machine
 * cannot flatter a ratio to it.
 */
async function fastestBulkWrite(
  indexes: string,
  rows: object[],
  method: 'bulkPut' | 'bulkAdd',
): Promise<number> {
  let best = 0;
  for (let run = 0; run < 3; run++) {
    const raw = new Dexie(`bench_raw_${crypto.randomUUID()}`);
    raw.version(1).stores({ rows: indexes });
    const started = performance.now();
    await raw.table('rows')[method](rows);
    const seconds = (performance.now() - started) / 1000;
    await raw.delete();
    best = Math.max(best, rows.length / seconds);
  }
  return best;
}

const bench = {
  /** Opens this device's database and starts the sync worker; resolves when `rows` workouts are local. */
  async open(options: { userId: string; token: string; url: string; anonKey: string; rows: number }) {
    const started = performance.now();
    let dbOpenMs = 0;
    // As the app does on a device that never synced (src/app/user-data/page-services.ts): the sync worker
    // starts beside the page's own database opening, not after it.
    const opening = openDatabase({ userId: options.userId }).then((db) => {
      dbOpenMs = performance.now() - started;
      return db;
    });
    const sync = new SyncWorkerClient(undefined, { url: options.url, anonKey: options.anonKey });
    const session: PageSession = { access_token: options.token, user: { id: options.userId } };
    const wiring = startPageSync({
      client: sync,
      onAccessToken: (listener) => {
        listener(options.token);
        return () => undefined;
      },
      currentSession: () => session,
      storeToken: async () => undefined,
      serveTokens: () => () => undefined,
      refreshSession: async () => session,
    });
    const db = await opening;
    device = { db, userId: options.userId, sync, stop: () => wiring.stop() };
    await wiring.settled();
    const workerStartedMs = performance.now() - started;
    let count = 0;
    let firstRowMs = 0;
    const sub = db.workouts.count().$.subscribe((n) => {
      count = n;
      if (n > 0 && firstRowMs === 0) firstRowMs = performance.now() - started;
    });
    await until(() => count >= options.rows, 600_000);
    sub.unsubscribe();
    // Phases, for the log: page database open, worker started, first row seen.
    return { ms: performance.now() - started, count, dbOpenMs, workerStartedMs, firstRowMs };
  },

  /**
   * Raw Dexie bulkPut of this device's rows (as the app reads them) under one index: the ratio's baseline.
   */
  async rawDexieRowsPerSecond(): Promise<number> {
    const rows = (await current().db.workouts.find().exec()).map((doc) => doc.toJSON());
    return fastestBulkWrite('id, [user_id+date]', rows, 'bulkPut');
  },

  /**
   * Raw Dexie bulkAdd of the same documents as RxDB's storage holds them (replication meta, revision,
   * the boolean `_deleted` as '0') into a fresh table with the indexes RxDB's Dexie storage gives the
   * collection (primary key, [_deleted+id], the schema's, [_meta.lwt+id], _meta.lwt): the most any sync
   * into RxDB's storage format can write in this page. Context for the ratio, whose baseline stores
   * smaller rows under one index.
   */
  async rxdbFormatDexieRowsPerSecond(): Promise<number> {
    const collection = current().db.workouts;
    const dexie = dexieInstance(collection.storageInstance.originalStorageInstance);
    const table = dexie && (await dexie.internals).dexieTable;
    if (!table) throw new Error('bench page: workouts are not in a Dexie storage');
    const stored = (await table.toArray()) as object[];
    return fastestBulkWrite(getDexieStoreSchema(collection.schema.jsonSchema), stored, 'bulkAdd');
  },

  /**
   * A local insert until a live query on the same collection emits, `samples` times. `quiet`: each write
   * waits until the previous one is acknowledged and its effects pulled (the ledger holds nothing), as a
   * user's next tap comes after; otherwise the writes follow one another at once (a burst), each meeting
   * the previous one's push and settlement in IndexedDB and on the page's thread. The writes go to the
   * days from `first` on, two a day.
   */
  async localWriteToUi(samples: number, first: string, quiet = false): Promise<number[]> {
    const { db, userId } = current();
    const out: number[] = [];
    for (let i = 0; i < samples; i++) {
      if (quiet) {
        await until(async () => {
          const ledger = await readPending(db);
          return Object.keys(ledger.entries).length === 0 && settlingEntries(ledger).length === 0;
        }, 30_000);
      }
      const date = spreadDay(first, i, 2);
      let seen = -1;
      let before = Number.POSITIVE_INFINITY;
      let emittedAt = 0;
      const sub = db.workouts.find({ selector: { user_id: userId, date } }).$.subscribe((docs) => {
        seen = docs.length;
        // The time the live query delivered the new document (not when a poll noticed it).
        if (seen > before && emittedAt === 0) emittedAt = performance.now();
      });
      await until(() => seen >= 0, 10_000);
      before = seen;
      const started = performance.now();
      const planned = await planWorkout({ db, userId }, { type: 'cardio', date });
      if (!planned.ok) throw new Error(planned.error.message);
      await until(() => emittedAt > 0, 10_000);
      out.push(emittedAt - started);
      sub.unsubscribe();
    }
    return out;
  },

  /** Device B: a live query on workouts from `first` on; records when each new id first appears. */
  watch(first: string): void {
    const { db, userId } = current();
    db.workouts.find({ selector: { user_id: userId, date: { $gte: first } } }).$.subscribe((docs) => {
      const now = Date.now();
      for (const doc of docs) if (!arrivals.has(doc.id)) arrivals.set(doc.id, now);
    });
  },

  /** When `id` appeared on this device's live query (epoch ms), waiting up to `timeoutMs`. */
  async arrival(id: string, timeoutMs: number): Promise<number> {
    await until(() => arrivals.has(id), timeoutMs);
    return arrivals.get(id) ?? Number.NaN;
  },

  /** Device A: one local write; returns its id and the time just before it (epoch ms). */
  async write(date: string, title: string): Promise<{ id: string; at: number }> {
    const { db, userId } = current();
    const at = Date.now();
    const planned = await planWorkout({ db, userId }, { type: 'yoga', date, title });
    if (!planned.ok) throw new Error(planned.error.message);
    const key = pushKey('workouts', planned.value.id);
    const sub = pending$(db).subscribe((state) => {
      if (!(key in state.entries) && !acks.has(planned.value.id)) {
        acks.set(planned.value.id, Date.now());
        queueMicrotask(() => sub.unsubscribe());
      }
    });
    return { id: planned.value.id, at };
  },

  /** When the write `id` was acknowledged by the server (epoch ms), waiting up to `timeoutMs`. */
  async acked(id: string, timeoutMs: number): Promise<number> {
    await until(() => acks.has(id), timeoutMs);
    return acks.get(id) ?? Number.NaN;
  },

  /** `count` local writes (made offline by the caller) on the days from `first` on; returns their ids. */
  async writeMany(count: number, first: string): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push((await bench.write(spreadDay(first, i), `offline ${i}`)).id);
    return ids;
  },

  /** Unacknowledged local writes in the pending ledger. */
  async pending(): Promise<number> {
    return Object.keys((await readPending(current().db)).entries).length;
  },

  /** Waits until the ledger is empty; returns when (performance.now() of this page). */
  async drained(timeoutMs: number): Promise<number> {
    await until(async () => (await bench.pending()) === 0, timeoutMs);
    return performance.now();
  },

  now: () => performance.now(),

  status: () => current().sync.getStatus(),

  online: () => navigator.onLine,

  async close(): Promise<void> {
    const { db, sync, stop } = current();
    stop();
    await sync.dispose();
    await db.close();
    device = null;
  },
};

export type BenchPageApi = typeof bench;

(globalThis as unknown as { bench: BenchPageApi }).bench = bench;
