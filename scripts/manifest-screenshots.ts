/**
 * `npm run screenshots:manifest`: the web app manifest's `screenshots` (Chrome's richer install dialog),
 * taken from the production build with real pages and demo data: the home screen and the gym on a
 * 390 px phone (narrow, at 2x) and the home screen on a 1280 px desktop (wide). Writes
 * public/screenshots/*.png, which are committed and listed in public/manifest.webmanifest (with their
 * sizes, checked by scripts/manifest.test.ts and test/e2e/manifest.test.ts).
 *
 * Why a script run by hand and not a build step: `npm run build` (and so `npm start` on a fresh machine)
 * must not need Chromium; the pictures change only when the screens do (docs/decisions.md, "Manifest
 * screenshots"). Needs dist/ (`npm run build`) and Chromium (CHROME_PATH or /usr/bin/chromium).
 * Owns: public/screenshots/; the emulator, preview server and browser it starts (stopped at the end).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../test/e2e/support/browser';
import { startAppWithEmulator } from '../test/e2e/support/app-with-emulator';
import { accessToken, createUser, rpcAs, signInThroughForm } from '../test/e2e/support/signed-in-app';
import { MANIFEST_SHOTS } from './manifest-shots';

const outDir = fileURLToPath(new URL('../public/screenshots/', import.meta.url));
const GYM = 'de-berlin-fitx-kreuzberg';

/** Today in UTC plus `days`, as YYYY-MM-DD (the demo user's zone is UTC). */
function day(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function settle(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor({ state: 'visible', timeout: 30_000 });
  // Live data and images (avatars) in place, fonts loaded, no toast or spinner caught mid-animation.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  // Online cards (the daily challenge) finish loading.
  await page
    .getByText(/^Loading/)
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  await page.waitForTimeout(1_500);
}

async function main(): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const app = await startAppWithEmulator();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const { emulator } = app;
    const me = await createUser(emulator, 'maya', { walkthrough_done_v1: true });
    const friends = await Promise.all(
      ['jonas', 'giulia'].map((name) => createUser(emulator, name, { walkthrough_done_v1: true })),
    );
    const myToken = await accessToken(emulator, me);
    for (const friend of friends) {
      const token = await accessToken(emulator, friend);
      await rpcAs(emulator, token, 'send_friend_request', { p_receiver_id: me.id });
      const requests = await emulator.engine.query<{ id: string }>(
        "select id from public.friend_requests where sender_id = $1 and receiver_id = $2 and status = 'pending'",
        [friend.id, me.id],
      );
      await rpcAs(emulator, myToken, 'respond_friend_request', {
        p_request_id: requests.rows[0]?.id,
        p_accept: true,
      });
      await rpcAs(emulator, token, 'set_home_gyms', { p_gym_ids: [GYM] });
      await rpcAs(emulator, token, 'check_in', { p_id: randomUUID(), p_gym_id: GYM });
    }
    await rpcAs(emulator, myToken, 'set_home_gyms', { p_gym_ids: [GYM] });
    // A plan for today and tomorrow, and a friend's workout to join in the feed.
    const plans = [
      { user: me, token: myToken, type: 'strength', date: day(0), time: '18:00' },
      { user: me, token: myToken, type: 'cardio', date: day(1), time: '07:30' },
      ...friends.map((friend, i) => ({
        user: friend,
        token: '',
        type: i === 0 ? 'hiit' : 'yoga',
        date: day(0),
        time: '19:00',
      })),
    ];
    for (const plan of plans) {
      const token = plan.token || (await accessToken(emulator, plan.user));
      const response = await fetch(`${emulator.url}/rest/v1/workouts`, {
        method: 'POST',
        headers: {
          apikey: emulator.status.ANON_KEY,
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          prefer: 'return=minimal',
        },
        body: JSON.stringify({
          id: randomUUID(),
          user_id: plan.user.id,
          type: plan.type,
          date: plan.date,
          time: plan.time,
        }),
      });
      if (response.status !== 201) throw new Error(`workout: ${response.status} ${await response.text()}`);
    }

    for (const shot of MANIFEST_SHOTS) {
      const context = await browser.newContext({
        baseURL: app.baseUrl,
        viewport: shot.viewport,
        deviceScaleFactor: shot.scale,
        locale: 'en-US',
        timezoneId: 'UTC',
        colorScheme: 'light',
        isMobile: shot.viewport.width < 600,
        hasTouch: shot.viewport.width < 600,
      });
      const page = await context.newPage();
      await signInThroughForm(page, me);
      // The first visit's celebrations (the streak's +1) play out before the picture is taken.
      await settle(page, '/home');
      await page.waitForTimeout(5_000);
      await settle(page, shot.path);
      await page.screenshot({ path: `${outDir}${shot.file}` });
      console.log(`written public/screenshots/${shot.file}`);
      await context.close();
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
