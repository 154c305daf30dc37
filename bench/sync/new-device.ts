/**
 * new_device_first_screen_ms (issue 19): a user with 10,000 workouts of history signs in on a new device
 * (a fresh browser context: no IndexedDB, no caches) in the production build of the real app; the figure
 * is the time from the end of sign-in (the app reaches /home) until /home shows the server's streak, the
 * server's level, today's plan and the first page of the feed. The median of RUNS new devices. Both ends
 * are recorded by the page itself (recordFirstScreen): Playwright's waits poll with pauses growing to
 * 500 ms, which added 200-600 ms of the bench's own to the figure (session 17).
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
    const expected = { streak: String(server.streak), level: String(server.level), plan: TODAY_TITLE };
    // As source text: tsx compiles this file keeping function names with a helper (`__name`) that the
    // page does not have, so it is defined as a no-op first.
    await context.addInitScript({
      content: `var __name = (f) => f; (${recordFirstScreen.toString()})(${JSON.stringify(expected)});`,
    });
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
    // Playwright only says that each part is there: it polls with growing pauses (up to 500 ms), so
    // when it notices is not when the page showed it. The page's own record says that (below).
    await Promise.all(Object.values(parts).map((locator) => locator.waitFor(timeout)));
    const marks = await page.evaluate(
      () => (window as unknown as { __firstScreen: FirstScreenMarks }).__firstScreen,
    );
    const home = marks.home;
    if (home === undefined) throw new Error('bench new device: the page did not record reaching /home');
    const shown = (['streak', 'level', 'plan', 'feed'] as const).map((name) => {
      const at = marks[name];
      if (at === undefined) throw new Error(`bench new device: the page did not record ${name}`);
      return [name, at - home] as const;
    });
    const total = Math.max(...shown.map(([, ms]) => ms));
    console.log(
      `new device: ${shown.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', ')} ms ` +
        `(Playwright noticed all after ${Math.round(performance.now() - signedIn)} ms)`,
    );
    trace?.print(signedIn);
    return total;
  } finally {
    await context.close();
  }
}

/** Page times (performance.now) at which the page reached /home and showed each part. */
interface FirstScreenMarks {
  home?: number;
  streak?: number;
  level?: number;
  plan?: number;
  feed?: number;
}

/**
 * Runs in the page before its scripts (an init script): records when the app navigates to /home and
 * when each part of the first screen is first painted (a MutationObserver sees it in the DOM; the time is
 * that of the animation frame that follows). Self-contained: it is serialised into the page.
 */
function recordFirstScreen(expected: { streak: string; level: string; plan: string }): void {
  const marks: FirstScreenMarks = {};
  (window as unknown as { __firstScreen: FirstScreenMarks }).__firstScreen = marks;
  const pending = new Set<keyof FirstScreenMarks>();
  // A part counts as shown at the frame that paints it: the next animation frame after the mutation.
  const mark = (name: keyof FirstScreenMarks) => {
    if (marks[name] !== undefined || pending.has(name)) return;
    pending.add(name);
    requestAnimationFrame(() => (marks[name] = performance.now()));
  };
  const word = (value: string) => new RegExp(`\\b${value}\\b`);
  const text = (selector: string) => document.querySelector(selector)?.textContent ?? '';
  const check = () => {
    if (marks.home === undefined && location.pathname.endsWith('/home')) mark('home');
    if (marks.home === undefined) return;
    if (word(expected.streak).test(text('[data-testid="streak-value"]'))) mark('streak');
    if (word(expected.level).test(text('[data-testid="level-value"]'))) mark('level');
    if (text('[data-testid="today-card"]').includes(expected.plan)) mark('plan');
    if (document.querySelector('[data-testid="feed-list"] li')) mark('feed');
  };
  // The app moves to /home with history.pushState (a client-side navigation): no event tells it.
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      check();
    };
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
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
