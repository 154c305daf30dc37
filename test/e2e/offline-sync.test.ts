// @clock-sensitive: today in the profile's zone, streak XP per day
// Offline-first end to end (issue 5): the production build with its service worker and sync worker in
// Chromium, against the emulator. Loaded once online, the app restarts offline from the cache with the
// user's data; a workout, a rest-day confirmation and a check-in made offline (through the screens) reach
// the server exactly once after the page was closed and reopened online, and the XP ledger awards each
// once; two browser contexts of one user see each other's changes live.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { AppWithEmulator } from './support/app-with-emulator';
import { describeInBrowser } from './support/browser';
import { watchPageProblems } from './support/page-problems';
import {
  addDays,
  dayPanelShows,
  eventually,
  selectedDay,
  serverCount,
  showDay,
  signInThroughUi,
  signUpSyncUser,
  type SyncUser,
} from './support/sync-user';
import { useAppWithEmulator } from './support/use-app';

const GYM = 'de-berlin-mcfit-alexanderplatz';
// Offline, failed requests are expected; uncaught exceptions never are.
const ALL_BUT_UNCAUGHT = () => [/^(?!uncaught)/];

describeInBrowser('offline sync (production build, service worker, sync worker, emulator)', () => {
  const harness = useAppWithEmulator();
  let app: AppWithEmulator;
  let context: BrowserContext;
  let page: Page;
  let user: SyncUser;
  let gymName: string;
  let today: string;
  const pageErrors: string[] = [];

  const count = (sql: string, params: unknown[]) => serverCount(app, sql, params);
  /** Watches a page the file opens itself (the harness watches its devices' first pages). */
  const watch = (p: Page) => {
    const problems = watchPageProblems(p);
    p.on('close', () => pageErrors.push(...problems.list().filter((line) => line.startsWith('uncaught'))));
    return problems;
  };

  beforeAll(async () => {
    app = harness.app;
    user = await signUpSyncUser(app, 'offline_lifter');
    const gym = await app.emulator.engine.query<{ name: string }>(
      'select name from public.gyms where id = $1',
      [GYM],
    );
    gymName = gym.rows[0]?.name ?? GYM;
    // Server-side data the first load pulls: a home gym, and a workout the offline restart must show.
    await app.emulator.engine.query(
      'insert into public.home_gyms (id, user_id, gym_id, position) values ($1, $2, $3, 1)',
      [`${user.id}:${GYM}`, user.id, GYM],
    );
    // One device for the whole file: its data, service worker and queue carry over from test to test.
    ({ context, page } = await harness.journeyDevice(ALL_BUT_UNCAUGHT));
  });

  it('starts from the cache offline with the user data it synced online', async () => {
    await signInThroughUi(page, user);
    // The profile follows the browser's zone (this machine's TZ; CI runs this file at UTC+14 too), which
    // moves "today": read it once the server has the zone.
    const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    await expect
      .poll(
        async () => {
          const { rows } = await app.emulator.engine.query<{ timezone: string }>(
            'select timezone from public.profiles where id = $1',
            [user.id],
          );
          return rows[0]?.timezone;
        },
        { timeout: 20_000 },
      )
      .toBe(zone);
    await page.goto('/schedule');
    today = await selectedDay(page);
    const tomorrow = addDays(today, 1);
    await app.emulator.engine.query(
      `insert into public.workouts (id, user_id, type, preset, date, title, created_at)
       values (gen_random_uuid()::text, $1, 'strength', 'full_body', $2, 'Full body', now())`,
      [user.id, tomorrow],
    );
    // Realtime (or the next resync) brings the server's workout into the local database.
    await dayPanelShows(page, tomorrow, 'Full body');
    await page.goto('/gym');
    await page.getByRole('button', { name: `Check in at ${gymName}` }).waitFor({ timeout: 30_000 });

    // Once the service worker is active (precache complete), reload so it controls the page, then offline.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.getByRole('button', { name: `Check in at ${gymName}` }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await context.setOffline(true);
    await page.goto('/schedule');
    await dayPanelShows(page, tomorrow, 'Full body', 10_000);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  });

  it('writes made offline reach the server once, after the page was closed and reopened online', async () => {
    // A day with no other workout, so the planning XP (one award per user and day) is this workout's.
    const planDay = addDays(today, 2);
    // A rest day for today (the last test left the week of tomorrow on screen: on a Saturday, next week).
    await showDay(page, today);
    await page.getByTestId(`day-${today}`).click();
    await page.getByRole('button', { name: /Confirm rest day/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enjoy your rest' }).click();
    await page.getByText('Rest day confirmed').waitFor();
    // A workout, from a preset.
    await showDay(page, planDay);
    await page.getByTestId(`day-${planDay}`).click();
    await page.getByRole('button', { name: 'Plan workout' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Plan a workout' });
    await dialog.getByRole('button', { name: /Leg day/ }).click();
    await dialog.getByRole('button', { name: 'Plan workout' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByTestId(`day-${planDay}`).getAttribute('aria-label'))
      .toContain('Leg day');
    // A check-in at the home gym.
    await page.goto('/gym');
    await page.getByRole('button', { name: `Check in at ${gymName}` }).click();
    await page.getByText('Saved on this device. It is sent when you are back online.').waitFor();
    // Give the sync worker a moment to try (its requests are queued by the service worker), then close.
    await page.waitForTimeout(2_000);
    expect(await count('select count(*)::int as n from public.check_ins where user_id = $1', [user.id])).toBe(
      0,
    );
    await page.close();

    await context.setOffline(false);
    page = await context.newPage();
    watch(page);
    await page.goto('/schedule');
    const counts = async () => ({
      workouts: await count(
        "select count(*)::int as n from public.workouts where user_id = $1 and preset = 'leg_day'",
        [user.id],
      ),
      restDays: await count(
        'select count(*)::int as n from public.rest_days where user_id = $1 and day = $2',
        [user.id, today],
      ),
      checkIns: await count(
        'select count(*)::int as n from public.check_ins where user_id = $1 and gym_id = $2',
        [user.id, GYM],
      ),
      workoutXp: await count(
        "select count(*)::int as n from public.xp_events where user_id = $1 and source = 'workout_planned' and source_id = $2",
        [user.id, `${user.id}:${planDay}`],
      ),
      restDayXp: await count(
        "select count(*)::int as n from public.xp_events where user_id = $1 and source = 'rest_day'",
        [user.id],
      ),
    });
    const once = { workouts: 1, restDays: 1, checkIns: 1, workoutXp: 1, restDayXp: 1 };
    await eventually(
      'every offline write on the server',
      async () => JSON.stringify(await counts()) === JSON.stringify(once),
      counts,
      120_000,
    );
    // Replays and retries that arrive late change nothing.
    await page.waitForTimeout(3_000);
    expect(await counts()).toEqual(once);
  }, 240_000);

  it('two browser contexts of one user see each other’s changes live', async () => {
    const { page: second } = await harness.device(ALL_BUT_UNCAUGHT);
    await signInThroughUi(second, user);
    const laterDay = addDays(today, 3);
    for (const p of [page, second]) {
      await p.goto('/schedule');
      await showDay(p, laterDay);
    }
    const plan = async (p: Page, preset: string) => {
      await p.getByTestId(`day-${laterDay}`).click();
      await p.getByRole('button', { name: 'Plan workout' }).first().click();
      const dialog = p.getByRole('dialog', { name: 'Plan a workout' });
      await dialog.getByRole('button', { name: new RegExp(preset) }).click();
      await dialog.getByRole('button', { name: 'Plan workout' }).click();
      await dialog.waitFor({ state: 'hidden' });
    };
    await plan(page, 'Push day');
    await expect
      .poll(() => second.getByTestId(`day-${laterDay}`).getAttribute('aria-label'), { timeout: 15_000 })
      .toContain('Push day');
    await plan(second, 'Pull day');
    await expect
      .poll(() => page.getByTestId(`day-${laterDay}`).getAttribute('aria-label'), { timeout: 15_000 })
      .toContain('Pull day');
    expect(pageErrors).toEqual([]);
  });
});
