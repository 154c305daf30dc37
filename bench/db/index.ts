/**
 * Bench suite `db` (issue 3, Performance): with 10,000 users, 100,000 workouts and 200,000 activities,
 * the p95 latency of a feed page for a user with 200 friends, of "friends present at a gym", and of a
 * friends-list page, each as one PostgREST-style request (a transaction that sets the role and JWT
 * claims, runs the RPC, commits), on PGlite and on PostgreSQL 15. Starts its own PostgreSQL on a free
 * port and stops it afterwards; skips the PostgreSQL figures when it is not installed.
 */
import { openEngine, type Engine } from '../../supabase/emulator/src/db/engine';
import { applySchema } from '../../supabase/emulator/src/db/migrate';
import { asRole } from '../../supabase/emulator/src/db/request-context';
import { postgresAvailable, startPostgres } from '../../test/support/postgres-server';
import { percentile, round, type BenchFigure } from '../figures';
import { GYM, READER_FRIENDS, loadDataset, userId } from './dataset';

const WARMUP = 20;
const RUNS = 200;
const READER = userId(1);

interface Probe {
  name: string;
  sql: string;
  params: (i: number, state: { cursor: { created_at: string; id: string } | null }) => unknown[];
}

const probes: Probe[] = [
  {
    // First page and the following pages, walking the keyset cursor (wraps to the top every 10 pages).
    name: 'feed_page',
    sql: 'select * from public.get_feed(20, $1, $2)',
    params: (i, state) =>
      i % 10 === 0 || !state.cursor ? [null, null] : [state.cursor.created_at, state.cursor.id],
  },
  { name: 'presence', sql: 'select * from public.get_friends_at_gym($1)', params: () => [GYM] },
  {
    name: 'friends_page',
    sql: 'select * from public.list_user_friends_with_status($1, 20, $2, null)',
    params: (i) => [READER, (i * 20) % READER_FRIENDS],
  },
];

async function measure(engine: Engine, probe: Probe): Promise<number> {
  const state: { cursor: { created_at: string; id: string } | null } = { cursor: null };
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const params = probe.params(i, state);
    const started = performance.now();
    const rows = await engine.transaction(async (tx) => {
      await asRole(tx, {
        role: 'authenticated',
        claims: { sub: READER, role: 'authenticated', aal: 'aal1' },
      });
      return (await tx.query<{ created_at: string | Date; id: string }>(probe.sql, params)).rows;
    });
    const elapsed = performance.now() - started;
    if (rows.length === 0) throw new Error(`${probe.name}: the probe returned no rows`);
    const last = rows[rows.length - 1];
    if (probe.name === 'feed_page' && last) {
      const createdAt = last.created_at instanceof Date ? last.created_at.toISOString() : last.created_at;
      state.cursor = rows.length === 20 ? { created_at: createdAt, id: last.id } : null;
    }
    if (i >= WARMUP) samples.push(elapsed);
  }
  return round(percentile(samples, 95));
}

async function benchEngine(
  engine: Engine,
  suffix: 'pglite' | 'pg15',
  target: number,
): Promise<BenchFigure[]> {
  await applySchema(engine, { seed: true });
  await loadDataset(engine);
  const figures: BenchFigure[] = [];
  for (const probe of probes) {
    figures.push({
      name: `${probe.name}_p95_ms_${suffix}`,
      value: await measure(engine, probe),
      unit: 'ms',
      better: 'lower',
      target,
    });
  }
  return figures;
}

export async function run(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const pglite = await openEngine();
  try {
    figures.push(...(await benchEngine(pglite, 'pglite', 20)));
  } finally {
    await pglite.close();
  }
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
