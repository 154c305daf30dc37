/**
 * new_device_first_screen_ms (issue 19): a user with 10,000 workouts of history signs in on a new device
 * (a fresh browser context: no IndexedDB, no caches) in the production build of the real app; the figure
 * is the time from the end of sign-in (the app reaches /home) until /home shows the server's streak, the
 * server's level, today's plan and the first page of the feed. The median of RUNS new devices.
 * Owns: its emulator, the preview server, the browser and the temporary build (all removed at the end).
 */
import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Request } from 'playwright-core';
import type { Emulator } from '../../supabase/emulator/src/start-emulator';
import { withServedApp } from '../web/app-server';
import { createConfirmedUser, signIn } from '../web/signed-in';

const HISTORY_WORKOUTS = 10_000;
const RUNS = 3;
const TODAY_TITLE = 'Bench: today’s plan';

interface ServerProgress {
  level: number;
  streak: number;
}

/** 10,000 workouts over the past years (four a day), their XP and feed rows, and a plan for today. */
async function userWithLongHistory(emulator: Emulator): Promise<{ email: string; progress: ServerProgress }> {
  const email = await createConfirmedUser(emulator);
  const db = emulator.engine;
  const id = (await db.query<{ id: string }>('select id from auth.users where email = $1', [email])).rows[0]
    ?.id;
  if (id === undefined) throw new Error('bench new device: no user');
  await db.transaction(async (tx) => {
    // The rows as the triggers would leave them, without running them 10,000 times.
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(
      `insert into public.workouts (id, user_id, type, date, time, duration_min, created_at)
       select 'hist-' || lpad(i::text, 5, '0') || '-' || left($1::text, 8), $1::uuid,
              (array['strength','cardio','yoga','hiit'])[1 + i % 4], current_date - 1 - i / 4,
              time '18:00', 45, now() - ((1 + i / 4) || ' days')::interval
       from generate_series(0, $2::int - 1) i`,
      [id, HISTORY_WORKOUTS],
    );
    await tx.query(
      `insert into public.xp_events (user_id, source, source_id, amount, created_at)
       select distinct on (w.date) w.user_id, 'workout_planned', w.user_id::text || ':' || w.date::text, 5, w.created_at
       from public.workouts w where w.user_id = $1::uuid order by w.date`,
      [id],
    );
    await tx.query(
      `insert into public.activities (id, user_id, kind, workout_id, created_at)
       select 'workout:' || w.id, w.user_id, 'workout_planned', w.id, w.created_at
       from public.workouts w where w.user_id = $1::uuid`,
      [id],
    );
    await tx.query(
      `update public.profiles p set xp = x.total, level = public.level_from_total_xp(x.total)
       from (select sum(amount)::int as total from public.xp_events where user_id = $1::uuid) x
       where p.id = $1::uuid`,
      [id],
    );
  });
  // Today's plan through the triggers (XP, streak, feed), as the app's own write would.
  await db.query(
    `insert into public.workouts (id, user_id, type, title, date, time)
     values ($1, $2::uuid, 'strength', $3, current_date, time '19:00')`,
    [`today-${randomUUID()}`, id, TODAY_TITLE],
  );
  await db.query(`select private.refresh_streaks($1::uuid)`, [id]);
  const row = (
    await db.query<{ level: number; current_streak: number }>(
      'select level, current_streak from public.profiles where id = $1::uuid',
      [id],
    )
  ).rows[0];
  if (row === undefined) throw new Error('bench new device: no profile');
  return { email, progress: { level: row.level, streak: row.current_streak } };
}

async function oneDevice(
  browser: Browser,
  url: string,
  email: string,
  server: ServerProgress,
): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    const trace = process.env.BENCH_NEW_DEVICE_TRACE === '1' ? traceRequests(context) : null;
    await signIn(page, url, email);
    const signedIn = performance.now();
    const timeout = { timeout: 60_000 };
    const parts = {
      streak: page.getByTestId('streak-value').filter({ hasText: new RegExp(`\\b${server.streak}\\b`) }),
      level: page.getByTestId('level-value').filter({ hasText: new RegExp(`\\b${server.level}\\b`) }),
      plan: page.getByTestId('today-card').getByText(TODAY_TITLE),
      feed: page.getByTestId('feed-list').locator('li').first(),
    };
    // When each part showed, for the reader: the figure is the last of them.
    const shown = await Promise.all(
      Object.entries(parts).map(async ([name, locator]) => {
        await locator.waitFor(timeout);
        return `${name} ${Math.round(performance.now() - signedIn)}`;
      }),
    );
    const total = performance.now() - signedIn;
    console.log(`new device: ${shown.join(', ')} ms`);
    trace?.print(signedIn);
    return total;
  } finally {
    await context.close();
  }
}

/**
 * BENCH_NEW_DEVICE_TRACE=1: each request to the backend (the page's and the sync worker's) and each script
 * with when it started and ended after sign-in, to see what the first screen waits for.
 */
function traceRequests(context: BrowserContext) {
  const seen: { path: string; start: number; end: number | null }[] = [];
  const byRequest = new Map<Request, (typeof seen)[number]>();
  context.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    // The backend's answers, and the scripts (the page's chunks, the sync worker's bundle).
    if (!/^\/(rest|auth|functions|storage)\//.test(pathname) && !pathname.endsWith('.js')) return;
    const entry = {
      path: `${request.method()} ${pathname}${search.slice(0, 60)}`,
      start: performance.now(),
      end: null,
    };
    seen.push(entry);
    byRequest.set(request, entry);
  });
  const done = (request: Request) => {
    const entry = byRequest.get(request);
    if (entry) entry.end = performance.now();
  };
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  return {
    print(from: number) {
      for (const e of seen) {
        if (e.end !== null && e.end < from) continue;
        const end = e.end === null ? '…' : String(Math.round(e.end - from));
        console.log(`  ${String(Math.round(e.start - from)).padStart(6)} → ${end.padStart(6)}  ${e.path}`);
      }
    },
  };
}

export async function newDeviceFirstScreenMs(executablePath: string, args: string[]): Promise<number> {
  return withServedApp(async ({ url, emulator }) => {
    const browser = await chromium.launch({ executablePath, headless: true, args });
    try {
      const user = await userWithLongHistory(emulator);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await oneDevice(browser, url, user.email, user.progress));
      times.sort((a, b) => a - b);
      console.log(
        `new device: level ${user.progress.level}, streak ${user.progress.streak}, first screen after sign-in ${times
          .map((t) => `${Math.round(t)} ms`)
          .join(', ')}`,
      );
      return times[Math.floor(times.length / 2)] ?? Number.NaN;
    } finally {
      await browser.close();
    }
  });
}
