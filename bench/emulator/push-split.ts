/**
 * Profiling run (not a suite): where the emulator spends one `push_workouts` request. `npx tsx
 * bench/emulator/push-split.ts [rows=10000] [--no-subscribers]`. One user with `rows` workouts, two
 * supabase-js clients of that user subscribed with the sync worker's bindings (devices A and B), then
 * 100-row pushes (the offline replay's batches) and 1-row pushes (cross-device writes), each timed
 * end to end, with every engine call the emulator makes timed by wrapping the engine's methods (and
 * each statement inside a transaction). `DEBUG=1` prints each push's answer, each drained queue batch
 * and every change a device hears. Each phase prints its monotonic start and end in microseconds, the
 * clock of a `node --cpu-prof --import tsx bench/emulator/push-split.ts` profile, to cut it to a phase.
 * Owns its in-memory emulator and clients (stopped at the end).
 */
import { createClient, REALTIME_SUBSCRIBE_STATES, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { collectionSync } from '../../sync-worker/core/collections';
import { REPLICATION, type CollectionName } from '../../src/db/schemas';
import { startEmulator } from '../../supabase/emulator/src/start-emulator';
import { realtimeFor } from '../../supabase/emulator/src/realtime/server';
import { benchDay, spreadDay } from '../dates';
import { percentile } from '../figures';
import { createUsers, sleep } from './fixtures';

const ROWS = Number(process.argv[2] ?? 10_000);
const SUBSCRIBE = !process.argv.includes('--no-subscribers');

type Call = { what: string; ms: number };
let calls: Call[] = [];

async function main(): Promise<void> {
  const emulator = await startEmulator({ port: 0, memory: true });
  const engine = emulator.engine as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
  for (const name of ['query', 'transaction', 'pipeline', 'exec'] as const) {
    const original = engine[name]!.bind(engine);
    engine[name] = async (...args: unknown[]) => {
      const t = performance.now();
      if (name === 'transaction') {
        // Time each statement inside the transaction too.
        const fn = args[0] as (tx: Record<string, (...a: unknown[]) => Promise<unknown>>) => Promise<unknown>;
        args[0] = (tx: Record<string, (...a: unknown[]) => Promise<unknown>>) => {
          const inner = { ...tx };
          inner.query = async (...q: unknown[]) => {
            const s = performance.now();
            try {
              return await tx.query!(...q);
            } finally {
              calls.push({
                what: `  in tx: ${String(q[0]).replace(/\s+/g, ' ').slice(0, 66)}`,
                ms: performance.now() - s,
              });
            }
          };
          return fn(inner);
        };
      }
      try {
        const out = await original(...args);
        if (process.env.DEBUG && typeof args[0] === 'string' && args[0].includes('delete from realtime'))
          console.log(
            'drained',
            JSON.stringify(
              (out as { rows: unknown[] }).rows.map((r) => {
                const q = r as Record<string, unknown>;
                return [q.table_name, q.op, (q.record as { id?: string } | null)?.id];
              }),
            ),
          );
        return out;
      } finally {
        const first = args[0];
        const label =
          typeof first === 'string'
            ? first.replace(/\s+/g, ' ').slice(0, 70)
            : Array.isArray(first)
              ? `pipeline ${String((first.at(-1) as { sql: string }).sql)
                  .replace(/\s+/g, ' ')
                  .slice(0, 60)}`
              : 'transaction';
        calls.push({ what: `${name}: ${label}`, ms: performance.now() - t });
      }
    };
  }
  const [user] = await createUsers(emulator, 1);
  if (!user) throw new Error('no user');
  // Denser than the 10 workouts a day a user may have (migration 20261207110000): the trigger is off
  // for the seed so the figures compare with earlier runs.
  await emulator.engine.transaction(async (tx) => {
    await tx.query('alter table public.workouts disable trigger workouts_per_day_limit');
    await tx.query(
      `insert into public.workouts (id, user_id, type, date, title, created_at)
       select 'bench-' || lpad(i::text, 8, '0'), $1, 'strength', date '2026-01-01' + (i % 365), 'w' || i, now()
       from generate_series(1, ${ROWS}) i`,
      [user.id],
    );
    await tx.query('alter table public.workouts enable trigger workouts_per_day_limit');
  });
  const client = (): SupabaseClient =>
    createClient(emulator.url, emulator.status.ANON_KEY, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
      accessToken: async () => user.token,
    }) as SupabaseClient;
  const arrivals = new Map<string, number>();
  const devices: SupabaseClient[] = [];
  if (SUBSCRIBE) {
    for (const device of ['A', 'B']) {
      const c = client();
      devices.push(c);
      await sleep(10);
      let channel = c.channel(`user:${user.id}`);
      for (const name of Object.keys(REPLICATION) as CollectionName[]) {
        for (const key of collectionSync(name, user.id).realtime) {
          channel = channel.on(
            'postgres_changes' as never,
            {
              event: key.event,
              schema: 'public',
              table: key.table,
              ...(key.filter ? { filter: key.filter } : {}),
            },
            (payload: { table: string; new: { id?: string } }) => {
              if (process.env.DEBUG) console.log(device, payload.table, payload.new.id);
              if (device === 'B' && payload.table === 'workouts' && payload.new.id)
                arrivals.set(payload.new.id, performance.now());
            },
          );
        }
      }
      await new Promise<void>((resolve, reject) =>
        channel.subscribe((status, error) => {
          if (process.env.DEBUG) console.log(device, 'status', status, error?.message);
          if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve();
          else reject(new Error(status));
        }),
      );
    }
    await sleep(500);
  }
  const pusher = client();
  const row = (id: string, date: string) => ({
    newDocumentState: { id, type: 'strength', title: id, date, duration_min: 60, _deleted: false },
    assumedMasterState: null,
  });
  const realtime = realtimeFor(emulator.context);

  const report = (label: string) => {
    const by = new Map<string, number[]>();
    for (const c of calls) by.set(c.what, [...(by.get(c.what) ?? []), c.ms]);
    console.log(`  ${label}: engine calls`);
    for (const [what, list] of [...by].sort(
      (a, b) => b[1].reduce((x, y) => x + y) - a[1].reduce((x, y) => x + y),
    ))
      console.log(
        `    ${String(list.length).padStart(4)} x ${(list.reduce((x, y) => x + y) / list.length).toFixed(1).padStart(7)} ms  ${what}`,
      );
    calls = [];
  };

  // Warm-up push.
  await pusher.rpc('push_workouts', { p_rows: [row('warm-up-row', benchDay(89))] });
  await realtime.flush();
  calls = [];

  for (const size of [100, 1]) {
    const phaseStart = process.hrtime.bigint() / 1000n;
    const rounds = size === 100 ? 5 : 30;
    const total: number[] = [];
    const delivered: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const ids = Array.from({ length: size }, (_, i) => `push-${size}-${r}-${i}`);
      const t = performance.now();
      const res = await pusher.rpc('push_workouts', {
        // Spread over days (at most 10 workouts a date): rounds of 100 from day 120, single rows from 90.
        p_rows: ids.map((id, i) =>
          row(id, spreadDay(benchDay(size === 100 ? 120 : 90), size === 100 ? r * 100 + i : r)),
        ),
      });
      const acked = performance.now();
      if (res.error) throw new Error(res.error.message);
      if (process.env.DEBUG) console.log('answer', JSON.stringify(res.data).slice(0, 300));
      total.push(acked - t);
      await realtime.flush();
      const last = ids.at(-1)!;
      for (let i = 0; i < 200 && SUBSCRIBE && !arrivals.has(last); i++) await sleep(2);
      if (SUBSCRIBE) delivered.push((arrivals.get(last) ?? NaN) - t);
      await sleep(size === 100 ? 50 : 100);
    }
    console.log(
      `push of ${size}: ack p50 ${percentile(total, 50).toFixed(1)} ms (${total.map((x) => x.toFixed(0)).join(' ')})` +
        (SUBSCRIBE
          ? `, B has it p50 ${percentile(delivered, 50).toFixed(1)} p95 ${percentile(delivered, 95).toFixed(1)} ms`
          : ''),
    );
    report(`${rounds} pushes of ${size}`);
    console.log(`phase ${size}: ${phaseStart} ${process.hrtime.bigint() / 1000n} (µs, monotonic)`);
  }
  for (const c of [...devices, pusher]) await c.removeAllChannels();
  await emulator.stop();
}

await main();
