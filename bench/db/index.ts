/**
 * Bench suite `db` (issues 3 and 19, Performance), on the dataset of dataset.ts (100,000 users with a
 * realistic spread, about 2 million activities), on PGlite and on PostgreSQL 15:
 * - the p95 latency of a feed page for a user with 200 friends, of "friends present at a gym", and of a
 *   friends-list page, each as one PostgREST-style request (a transaction that sets the role and JWT
 *   claims, runs the RPC, commits);
 * - plan_workout_writes_per_s: the whole write path of planning a workout (RLS, triggers, XP, streak over
 *   two years of history, feed activity, achievements) by WRITERS concurrent clients, each a different
 *   user with two years of history, each request its own transaction.
 * Starts its own PostgreSQL on a free port and stops it afterwards; skips the PostgreSQL figures when it
 * is not installed.
 */
import { openEngine, type Engine } from '../../supabase/emulator/src/db/engine';
import { applySchema } from '../../supabase/emulator/src/db/migrate';
import { asRole } from '../../supabase/emulator/src/db/request-context';
import { postgresAvailable, startPostgres } from '../../test/support/postgres-server';
import { percentile, round, type BenchFigure } from '../figures';
import { GYM, READER_FRIENDS, activeUser, loadDataset, userId } from './dataset';

const WARMUP = 20;
const RUNS = 200;
const READER = userId(1);

interface Probe {
  name: string;
  sql: string;
  /** Types of $1 and $2, for the server-side timer (which passes parameters as text). */
  types: [string, string];
  params: (
    i: number,
    state: { cursor: { created_at: string; id: string } | null },
  ) => Array<string | number | null>;
}

const probes: Probe[] = [
  {
    // First page and the following pages, walking the keyset cursor (wraps to the top every 10 pages).
    name: 'feed_page',
    sql: 'select * from public.get_feed(20, $1, $2)',
    types: ['timestamptz', 'text'],
    params: (i, state) =>
      i % 10 === 0 || !state.cursor ? [null, null] : [state.cursor.created_at, state.cursor.id],
  },
  {
    name: 'presence',
    sql: 'select * from public.get_friends_at_gym($1)',
    types: ['text', 'text'],
    params: () => [GYM],
  },
  {
    name: 'friends_page',
    sql: 'select * from public.list_user_friends_with_status($1, 20, $2, null)',
    types: ['uuid', 'int'],
    params: (i) => [READER, (i * 20) % READER_FRIENDS],
  },
];

interface Timing {
  request: number[];
  server: number[];
}

// Server-side time of the RPC alone (no client round trips), with the same role and claims: a helper
// created in the bench database only.
const SERVER_TIMER = `create or replace function public.bench_elapsed_ms(p_sql text, p_params text[])
  returns double precision language plpgsql as $$
  declare started timestamptz := clock_timestamp(); n int;
  begin
    execute 'select count(*) from (' || p_sql || ') q' into n using p_params[1], p_params[2];
    if n = 0 then raise exception 'no rows'; end if;
    return extract(epoch from clock_timestamp() - started) * 1000;
  end $$`;

async function measure(engine: Engine, probe: Probe): Promise<Timing> {
  const state: { cursor: { created_at: string; id: string } | null } = { cursor: null };
  const timing: Timing = { request: [], server: [] };
  const claims = { sub: READER, role: 'authenticated', aal: 'aal1' };
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const params = probe.params(i, state);
    const started = performance.now();
    const rows = await engine.transaction(async (tx) => {
      await asRole(tx, { role: 'authenticated', claims });
      return (await tx.query<{ created_at: string | Date; id: string }>(probe.sql, params)).rows;
    });
    const elapsed = performance.now() - started;
    if (rows.length === 0) throw new Error(`${probe.name}: the probe returned no rows`);
    const last = rows[rows.length - 1];
    if (probe.name === 'feed_page' && last) {
      const createdAt = last.created_at instanceof Date ? last.created_at.toISOString() : last.created_at;
      state.cursor = rows.length === 20 ? { created_at: createdAt, id: last.id } : null;
    }
    const server = await engine.transaction(async (tx) => {
      await asRole(tx, { role: 'authenticated', claims });
      const text = params.map((p) => (p === null ? null : String(p)));
      const sql = probe.sql
        .replace('$1', `$1::${probe.types[0] ?? 'text'}`)
        .replace('$2', `$2::${probe.types[1] ?? 'text'}`);
      return (await tx.query<{ ms: number }>('select public.bench_elapsed_ms($1, $2) as ms', [sql, text]))
        .rows[0]?.ms;
    });
    if (i >= WARMUP) {
      timing.request.push(elapsed);
      if (server !== undefined) timing.server.push(server);
    }
  }
  return timing;
}

const WRITERS = 8;
const WRITES_PER_WRITER = 125;

/** Workouts planned per second by WRITERS clients at once, each a two-year user planning its next days. */
async function writeThroughput(engine: Engine): Promise<number> {
  const write = async (writer: number, i: number) => {
    const sub = userId(activeUser(writer + 1)); // not the reader (active user 0)
    await engine.transaction(async (tx) => {
      await asRole(tx, { role: 'authenticated', claims: { sub, role: 'authenticated', aal: 'aal1' } });
      await tx.query(
        `insert into public.workouts (id, type, date, time, duration_min)
         values ($1, 'strength', current_date + $2::int, '07:00', 60) returning id`,
        [`bench-write-${writer}-${i}`, i % 91],
      );
    });
  };
  const writers = Array.from({ length: WRITERS }, (_, writer) => writer);
  // A short warm-up (plans, caches), then the timed run.
  await Promise.all(writers.map((writer) => write(writer, -1 - writer).catch(() => undefined)));
  const started = performance.now();
  await Promise.all(
    writers.map(async (writer) => {
      for (let i = 0; i < WRITES_PER_WRITER; i++) await write(writer, i);
    }),
  );
  return (WRITERS * WRITES_PER_WRITER) / ((performance.now() - started) / 1000);
}

async function benchEngine(
  engine: Engine,
  suffix: 'pglite' | 'pg15',
  target: number,
): Promise<BenchFigure[]> {
  await applySchema(engine, { seed: true });
  const loadStarted = performance.now();
  const size = await loadDataset(engine);
  console.log(
    `[bench db] ${suffix}: ${size.users} users, ${size.friendships} friendships, ${size.workouts} workouts, ` +
      `${size.activities} activities, ${size.xpEvents} XP events, loaded in ${round((performance.now() - loadStarted) / 1000)} s`,
  );
  await engine.exec(SERVER_TIMER);
  await engine.exec('grant execute on function public.bench_elapsed_ms(text, text[]) to authenticated');
  const figures: BenchFigure[] = [];
  for (const probe of probes) {
    const t = await measure(engine, probe);
    const figure = (name: string, value: number, goal: number | null): BenchFigure => ({
      name: `${probe.name}_${name}_ms_${suffix}`,
      value: round(value),
      unit: 'ms',
      better: 'lower',
      target: goal,
    });
    figures.push(
      figure('p95', percentile(t.request, 95), target),
      figure('p50', percentile(t.request, 50), null),
      figure('server_p95', percentile(t.server, 95), null),
    );
  }
  figures.push({
    name: `plan_workout_writes_per_s_${suffix}`,
    value: round(await writeThroughput(engine), 0),
    unit: 'writes/s',
    better: 'higher',
    target: suffix === 'pg15' ? 500 : null,
  });
  return figures;
}

/** BENCH_DB_ENGINES=pg15 (or pglite) runs one engine only: loading 100,000 users takes minutes on each. */
const engines = (process.env.BENCH_DB_ENGINES ?? 'pglite,pg15').split(',');

export async function run(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  if (engines.includes('pglite')) {
    const pglite = await openEngine();
    try {
      figures.push(...(await benchEngine(pglite, 'pglite', 20)));
    } finally {
      await pglite.close();
    }
  }
  if (!engines.includes('pg15')) return figures;
  if (!postgresAvailable()) {
    console.warn('[bench db] PostgreSQL is not installed: the pg15 figures are skipped.');
    return figures;
  }
  const server = await startPostgres();
  try {
    const pg = await openEngine({ databaseUrl: server.url });
    try {
      figures.push(...(await benchEngine(pg, 'pg15', 5)));
    } finally {
      await pg.close();
    }
  } finally {
    await server.stop();
  }
  return figures;
}
