/**
 * Times the initial pull's REST pages against an in-process emulator from Node (no browser):
 * `npx tsx bench/sync/rest-pull.ts [pageSize]`. A profiling aid for the sync bench, not a suite.
 */
import { startEmulator } from '../../supabase/emulator/src/start-emulator';
import { createUsers } from '../emulator/fixtures';

const size = Number(process.argv[2] ?? 500);
const emulator = await startEmulator({ port: 0, memory: true });
try {
  const [user] = await createUsers(emulator, 1);
  if (!user) throw new Error('no user');
  // Denser than the 10 workouts a day a user may have (migration 20261207110000): the trigger is off
  // for the seed so the figures compare with earlier runs.
  await emulator.engine.transaction(async (tx) => {
    await tx.query('alter table public.workouts disable trigger workouts_per_day_limit');
    await tx.query(
      `insert into public.workouts (id, user_id, type, date, title, created_at)
       select 'bench-' || lpad(i::text, 8, '0'), $1, 'strength', date '2026-01-01' + (i % 365), 'w' || i, now()
       from generate_series(1, 10000) i`,
      [user.id],
    );
    await tx.query('alter table public.workouts enable trigger workouts_per_day_limit');
  });
  for (let round = 0; round < 3; round++) {
    let checkpoint: { m: string; id: string } | null = null;
    const started = performance.now();
    let pages = 0;
    let bytes = 0;
    const times: number[] = [];
    for (;;) {
      const params = new URLSearchParams({ select: '*', user_id: `eq.${user.id}` });
      if (checkpoint)
        params.set(
          'or',
          `(_modified.gt.${checkpoint.m},and(_modified.eq.${checkpoint.m},id.gt.${checkpoint.id}))`,
        );
      params.set('order', '_modified.asc,id.asc');
      params.set('limit', String(size));
      const t = performance.now();
      const res = await fetch(`${emulator.url}/rest/v1/workouts?${params}`, {
        headers: { apikey: emulator.status.ANON_KEY, authorization: `Bearer ${user.token}` },
      });
      const text = await res.text();
      times.push(performance.now() - t);
      bytes += text.length;
      const rows = JSON.parse(text) as { id: string; _modified: string }[];
      pages++;
      const last = rows.at(-1);
      if (!last || rows.length < size) break;
      checkpoint = { m: last._modified, id: last.id };
    }
    console.log(
      `round ${round}: ${pages} pages of ${size} in ${(performance.now() - started).toFixed(0)} ms, ${bytes} bytes; per page ms: ${times.map((x) => x.toFixed(0)).join(' ')}`,
    );
  }
} finally {
  await emulator.stop();
}
