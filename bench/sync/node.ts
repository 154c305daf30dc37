/**
 * Bench suite `sync` (issue 5, Performance), **Node variant**: the replication core (SyncSession) with
 * real RxDB on fake-indexeddb against an in-process emulator on PGlite. The figures are for
 * headless Chromium (Dexie on real IndexedDB, the worker); these carry a `_node` suffix and no targets,
 * so they are context for the sync core's own cost, not the product's numbers.
 * Owns: the emulator it starts (stopped) and its fake-indexeddb databases (removed).
 */
import { randomUUID } from 'node:crypto';
import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { addRxPlugin, createRxDatabase } from 'rxdb';
import { RxDBLocalDocumentsPlugin } from 'rxdb/plugins/local-documents';
import { getRxStorageDexie } from 'rxdb/plugins/storage-dexie';
import WebSocket from 'ws';
import { planWorkout } from '../../src/db/commands/workouts';
import { readPending } from '../../src/db/pending-writes';
import { COLLECTIONS } from '../../src/db/schemas';
import type { SpotterDatabase } from '../../src/db/types';
import { startEmulator, type Emulator } from '../../supabase/emulator/src/start-emulator';
import { createSyncClient } from '../../sync-worker/core/client';
import { SyncGate } from '../../sync-worker/core/gate';
import { SyncSession } from '../../sync-worker/core/session';
import { createUsers } from '../emulator/fixtures';
import { percentile, round, type BenchFigure } from '../figures';

addRxPlugin(RxDBLocalDocumentsPlugin);

const INITIAL_ROWS = 10_000;
const OFFLINE_WRITES = 500;
const SAMPLES = 30;

interface Device {
  db: SpotterDatabase;
  session: SyncSession;
}

async function openDevice(emulator: Emulator, userId: string, token: string): Promise<Device> {
  const db = (await createRxDatabase({
    name: `bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`,
    storage: getRxStorageDexie({ indexedDB, IDBKeyRange }),
    multiInstance: true,
    localDocuments: true,
    eventReduce: true,
  })) as unknown as SpotterDatabase;
  await db.addCollections({ workouts: COLLECTIONS.workouts });
  const gate = new SyncGate();
  const client = createSyncClient({
    url: emulator.url,
    anonKey: emulator.status.ANON_KEY,
    getToken: () => gate.token,
    transport: WebSocket as never,
  });
  const session = new SyncSession({
    db,
    client,
    gate,
    userId,
    backendId: emulator.url,
    retryTime: 200,
    log: { error: () => undefined },
  });
  session.setAccessToken(token);
  session.start();
  return { db, session };
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('bench sync: timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const ms = (name: string, value: number): BenchFigure => ({
  name,
  value: round(value),
  unit: 'ms',
  better: 'lower',
  target: null,
});

export async function run(): Promise<BenchFigure[]> {
  const emulator = await startEmulator({ port: 0, memory: true });
  const devices: Device[] = [];
  try {
    const [user] = await createUsers(emulator, 1);
    if (!user) throw new Error('no user');
    await emulator.engine.query(
      `insert into public.workouts (id, user_id, type, date, title, created_at)
       select 'bench-' || lpad(i::text, 8, '0'), $1, 'strength', date '2026-01-01' + (i % 365), 'w' || i, now()
       from generate_series(1, ${INITIAL_ROWS}) i`,
      [user.id],
    );

    // A new device pulls every row.
    const started = performance.now();
    const a = await openDevice(emulator, user.id, user.token);
    devices.push(a);
    await until(async () => (await a.db.workouts.count().exec()) >= INITIAL_ROWS);
    const rowsPerSecond = INITIAL_ROWS / ((performance.now() - started) / 1000);

    // The same rows written straight into Dexie (what the storage costs without RxDB and the network).
    const rows = (await a.db.workouts.find().exec()).map((d) => d.toJSON());
    const raw = new Dexie(`raw_${randomUUID()}`, { indexedDB, IDBKeyRange });
    raw.version(1).stores({ workouts: 'id, [user_id+date]' });
    const rawStart = performance.now();
    await raw.table('workouts').bulkPut(rows);
    const rawRowsPerSecond = rows.length / ((performance.now() - rawStart) / 1000);
    await raw.delete();

    // A local insert until a live query on the same collection emits.
    const ctx = { db: a.db, userId: user.id };
    const writeToUi: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const date = `2027-01-${String((i % 28) + 1).padStart(2, '0')}`;
      const query = a.db.workouts.find({ selector: { user_id: user.id, date } });
      let seen = -1;
      const sub = query.$.subscribe((docs) => {
        seen = docs.length;
      });
      await until(() => seen >= 0);
      const before = seen;
      const t0 = performance.now();
      await planWorkout(ctx, { type: 'cardio', date });
      await until(() => seen > before);
      writeToUi.push(performance.now() - t0);
      sub.unsubscribe();
    }

    // A second device, then writes on A until B's live query shows them.
    const b = await openDevice(emulator, user.id, user.token);
    devices.push(b);
    const total = await a.db.workouts.count().exec();
    await until(async () => (await b.db.workouts.count().exec()) >= total);
    await until(() => b.session.status().realtime === 'subscribed');
    const crossDevice: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const t0 = performance.now();
      const planned = await planWorkout(ctx, { type: 'yoga', date: '2027-02-01' });
      if (!planned.ok) throw new Error('plan failed');
      let arrived = false;
      const sub = b.db.workouts.findOne(planned.value.id).$.subscribe((doc) => {
        if (doc) arrived = true;
      });
      await until(() => arrived, 30_000);
      crossDevice.push(performance.now() - t0);
      sub.unsubscribe();
    }

    // 500 writes made offline, then reconnect until all are acknowledged.
    a.session.setOnline(false);
    const ids: string[] = [];
    for (let i = 0; i < OFFLINE_WRITES; i++) {
      const planned = await planWorkout(ctx, { type: 'hiit', date: '2027-03-01', title: `offline ${i}` });
      if (planned.ok) ids.push(planned.value.id);
    }
    const replayStart = performance.now();
    a.session.setOnline(true);
    await until(async () => Object.keys((await readPending(a.db)).entries).length === 0);
    const replaySeconds = (performance.now() - replayStart) / 1000;
    const onServer = await emulator.engine.query<{ n: number; d: number }>(
      `select count(*)::int as n, count(distinct id)::int as d from public.workouts where id = any($1)`,
      [ids],
    );
    const counted = onServer.rows[0] ?? { n: 0, d: 0 };

    return [
      {
        name: 'initial_sync_rows_per_s_node',
        value: round(rowsPerSecond, 0),
        unit: 'rows/s',
        better: 'higher',
        target: null,
      },
      {
        name: 'initial_sync_ratio_to_raw_dexie_node',
        value: round(rowsPerSecond / rawRowsPerSecond, 3),
        unit: 'ratio',
        better: 'higher',
        target: null,
      },
      ms('local_write_to_ui_p95_ms_node', percentile(writeToUi, 95)),
      ms('cross_device_p95_ms_node', percentile(crossDevice, 95)),
      {
        name: 'offline_replay_500_s_node',
        value: round(replaySeconds),
        unit: 's',
        better: 'lower',
        target: null,
      },
      {
        name: 'offline_replay_lost_node',
        value: OFFLINE_WRITES - counted.d,
        unit: 'writes',
        better: 'lower',
        target: 0,
      },
      {
        name: 'offline_replay_duplicated_node',
        value: counted.n - counted.d,
        unit: 'writes',
        better: 'lower',
        target: 0,
      },
    ];
  } finally {
    for (const d of devices) {
      await d.session.stop();
      await d.db.remove();
    }
    await emulator.stop();
  }
}
