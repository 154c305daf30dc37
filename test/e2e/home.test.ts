// @clock-sensitive: today's challenge, streak and calendar
// The home screen end to end (issue 7): the production build in Chromium against the emulator (e-mail
// confirmation on, sign-up through the inbox). Home renders with every section; the daily challenge's
// timer starts, pauses, resets and runs out (the page's clock is Playwright's, fast-forwarded), the claim
// lands on the server once, a second claim is refused, and a second browser context of the same user sees
// the completion live; German and Italian render without missing keys; a claim made offline is shown as
// pending and reaches the server exactly once after reconnecting.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { describeInBrowser } from './support/browser';
import { inboxLink, TEST_PASSWORD, uniqueEmail } from './support/accounts';
import type { AppWithEmulator } from './support/app-with-emulator';
import { confirmedUser, signIn, skipWalkthrough } from './support/home-app';
import { eventually } from './support/sync-user';
import { useAppWithEmulator } from './support/use-app';

const shots = fileURLToPath(new URL('./screenshots/', import.meta.url));
const COMPLETE = 'Challenge complete!';
const PENDING = "Saved, syncing when you're back online";
// A translation key on screen instead of its text ("feed.title", "home:today.plan").
const RAW_KEY =
  /\b(?:home|challenges|achievements|motivation|common|errors):[\w.]+|\b(?:today|progress|feed|calendar|xpChart|sync|card|goal|nextGoal|items|challenge|workoutTypes|legend|kinds)\.[a-zA-Z_]+/;

describeInBrowser('home (production build, emulator with e-mail confirmation)', () => {
  const harness = useAppWithEmulator({ confirmEmail: true });
  let app: AppWithEmulator;
  let page: Page;
  let userId: string;
  const username = 'homehero';

  /**
   * A device kept for the rest of the file (the tests go on with the first user's page). Offline, failed
   * requests are expected; uncaught exceptions never are.
   */
  async function openPage(
    viewport = { width: 1440, height: 900 },
  ): Promise<{ context: BrowserContext; page: Page }> {
    const device = await harness.journeyDevice(() => [/^(?!uncaught)/], { viewport });
    // The challenge's 60 s run on Playwright's clock (time flows; runFor fast-forwards the timers).
    await device.page.clock.install();
    return device;
  }

  const count = async (sql: string, params: unknown[]) =>
    (await app.emulator.engine.query<{ n: number }>(sql, params)).rows[0]?.n ?? -1;
  const completions = (id: string) =>
    count('select count(*)::int as n from public.daily_challenge_completions where user_id = $1', [id]);
  const challengeAwards = (id: string) =>
    count(
      `select count(*)::int as n from public.xp_events where user_id = $1 and source = 'daily_challenge'`,
      [id],
    );

  const card = (p: Page) => p.locator('[data-walkthrough="home-daily-card"]');
  const clock = (p: Page) => card(p).getByRole('timer');
  /**
   * Waits until today's challenge is loaded (the claim needs it): the card first (signIn returns on the
   * URL, before /home renders; the sync worker that loads the challenge starts after that render), then
   * its "not loaded" note gone.
   */
  const challengeLoaded = async (p: Page) => {
    await clock(p).waitFor({ timeout: 30_000 });
    await card(p)
      .getByText("Connect to the internet to load today's challenge.")
      .waitFor({ state: 'detached', timeout: 30_000 });
  };

  beforeAll(() => {
    app = harness.app;
    mkdirSync(shots, { recursive: true });
  });

  it('signs up through the inbox and shows every section of home', async () => {
    ({ page } = await openPage());
    const email = uniqueEmail(username);
    await page.goto('/register?variant=b');
    await page.getByLabel('Username', { exact: true }).and(page.locator('input')).fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).and(page.locator('input')).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Account created! Please check your email to verify.').waitFor();
    await page.goto(await inboxLink(app.emulator, email));
    await page.getByRole('heading', { level: 1, name: `Welcome, ${username}` }).waitFor({ timeout: 30_000 });
    await skipWalkthrough(page);
    const { rows } = await app.emulator.engine.query<{ id: string }>(
      'select id from auth.users where email = $1',
      [email],
    );
    userId = rows[0]?.id ?? '';
    expect(userId).not.toBe('');

    const main = page.locator('main').first();
    await main.getByText('Nothing planned yet').waitFor();
    await expect(main.getByTestId('streak-value').textContent()).resolves.toBe('No streak');
    await expect(main.getByTestId('level-value').textContent()).resolves.toBe('Level 1');
    await expect(main.getByTestId('achievements-earned').textContent()).resolves.toBe('0 of 15 unlocked');
    await main.getByText('Next goal').waitFor();
    await expect(main.locator('[data-walkthrough="home-feed"]').count()).resolves.toBe(1);
    await expect(main.getByTestId('calendar-summary').textContent()).resolves.toMatch(/Days covered: 0 /);
    await expect(main.getByTestId('xp-chart-total').textContent()).resolves.toBe('0 XP in 8 weeks');
    // Text alternatives of the calendar and the chart.
    await main
      .locator('caption', { hasText: 'Covered days per week over the last 6 months' })
      .waitFor({ state: 'attached' });
    await main
      .locator('caption', { hasText: 'XP earned per week over the last 8 weeks' })
      .waitFor({ state: 'attached' });
    await challengeLoaded(page);
    await page.getByRole('button', { name: 'Start', exact: true }).waitFor();
    await page.screenshot({ path: `${shots}home-light-1440x900.png`, fullPage: true });
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 90_000);

  it('runs the timer, claims once, refuses a second claim, and another device sees it live', async () => {
    // A second browser context of the same user, on home, before the claim.
    const other = await openPage({ width: 1280, height: 800 });
    await signIn(
      other.page,
      (
        await app.emulator.engine.query<{ email: string }>('select email from auth.users where id = $1', [
          userId,
        ])
      ).rows[0]?.email ?? '',
    );
    await skipWalkthrough(other.page);
    await challengeLoaded(other.page);
    await other.page.getByRole('button', { name: 'Start', exact: true }).waitFor();

    await expect(clock(page).textContent()).resolves.toBe('1:00');
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.clock.runFor(3_000);
    await expect(clock(page).textContent()).resolves.toBe('0:57');
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.clock.runFor(5_000);
    await expect(clock(page).textContent()).resolves.toBe('0:57');
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(clock(page).textContent()).resolves.toBe('1:00');
    const claim = card(page).getByRole('button', { name: /^Claim points/ });
    expect(await claim.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Start', exact: true }).click();
    await page.clock.runFor(61_000);
    await expect(clock(page).textContent()).resolves.toBe('0:00');
    expect(await claim.isEnabled()).toBe(true);
    await claim.click();
    await card(page).getByText(COMPLETE).waitFor();
    await card(page).getByText('Done for today. Come back tomorrow for a new challenge!').waitFor();

    await eventually('the completion on the server', async () => (await completions(userId)) === 1);
    await eventually('the award in the ledger', async () => (await challengeAwards(userId)) === 1);
    // Once the server has it, the card is no longer pending.
    await card(page).getByText(PENDING).waitFor({ state: 'detached', timeout: 30_000 });
    const points = (
      await app.emulator.engine.query<{ points: number }>(
        'select points from public.daily_challenge_completions where user_id = $1',
        [userId],
      )
    ).rows[0]?.points;
    await page.getByTestId('xp-value').getByText(`${points} XP total`).waitFor({ timeout: 30_000 });

    // The other device: the completion arrives live, without a reload.
    await card(other.page).getByText(COMPLETE).waitFor({ timeout: 30_000 });
    expect(
      await card(other.page)
        .getByRole('button', { name: /^Claim points/ })
        .count(),
    ).toBe(0);

    // A second claim is refused: the card offers none, and the server awards nothing twice.
    expect(await claim.count()).toBe(0);
    const token = await page.evaluate(() => {
      const raw = localStorage.getItem('spotter-auth') ?? sessionStorage.getItem('spotter-auth');
      return raw ? (JSON.parse(raw) as { access_token: string }).access_token : '';
    });
    const again = await fetch(`${app.emulator.url}/rest/v1/rpc/complete_daily_challenge`, {
      method: 'POST',
      headers: {
        apikey: app.emulator.status.ANON_KEY,
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ p_challenge_id: 'plank_60s' }),
    });
    expect(((await again.json()) as { already_completed: boolean }).already_completed).toBe(true);
    expect(await completions(userId)).toBe(1);
    expect(await challengeAwards(userId)).toBe(1);
    await page.screenshot({ path: `${shots}home-challenge-done-light-1440x900.png` });
    // After the +XP flourish has faded (axe measures its contrast mid-animation otherwise).
    await page.getByTestId('xp-gain').waitFor({ state: 'detached' });
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 120_000);

  it('renders German and Italian without missing keys, and the phone layout in dark mode', async () => {
    // The synced settings row decides the language (another device's choice arrives live).
    const setLanguage = (language: string) =>
      app.emulator.engine.query(
        `insert into public.user_settings (id, user_id, language) values ($1::uuid::text, $1::uuid, $2)
         on conflict (id) do update set language = excluded.language`,
        [userId, language],
      );
    await setLanguage('de');
    await page.getByRole('heading', { level: 1, name: `Willkommen, ${username}` }).waitFor();
    await eventually(
      'the German challenge card',
      async () => (await card(page).innerText()).includes('Challenge geschafft!'),
      () => card(page).innerText(),
      15_000,
    );
    expect(await page.locator('main').first().innerText()).not.toMatch(RAW_KEY);
    await setLanguage('it');
    await page.getByRole('heading', { level: 1, name: `Ciao, ${username}` }).waitFor();
    await eventually(
      'the Italian challenge card',
      async () => (await card(page).innerText()).includes('Sfida completata!'),
      () => card(page).innerText(),
      15_000,
    );
    expect(await page.locator('main').first().innerText()).not.toMatch(RAW_KEY);

    await setLanguage('en');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { level: 1, name: `Welcome, ${username}` }).waitFor();
    expect(await page.locator('main').first().innerText()).not.toMatch(RAW_KEY);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}home-dark-390x844.png`, fullPage: true });
  }, 60_000);

  it('queues a claim made offline, shows it pending, and sends it exactly once after reconnecting', async () => {
    const offlineUser = await confirmedUser(app, 'offline_ana');
    const { context, page: p } = await openPage({ width: 390, height: 844 });
    await signIn(p, offlineUser.email);
    await challengeLoaded(p);
    await p.getByRole('button', { name: 'Start', exact: true }).waitFor();

    await context.setOffline(true);
    await p.locator('[data-sync-state="offline"]').first().waitFor();
    await p.getByRole('button', { name: 'Start', exact: true }).click();
    // Screens of 768 px or less tick two seconds every two seconds.
    await p.clock.runFor(2_000);
    await expect(clock(p).textContent()).resolves.toBe('0:58');
    await p.clock.runFor(60_000);
    await card(p)
      .getByRole('button', { name: /^Claim points/ })
      .click();
    await card(p).getByText(COMPLETE).waitFor();
    await card(p).getByText(PENDING).waitFor();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await completions(offlineUser.id)).toBe(0);
    await p.screenshot({ path: `${shots}home-offline-claim-light-390x844.png` });
    await p.getByTestId('xp-gain').waitFor({ state: 'detached' });
    expect(await seriousAxeViolations(p)).toEqual([]);

    await context.setOffline(false);
    await eventually(
      'the offline claim on the server',
      async () => (await completions(offlineUser.id)) === 1,
    );
    await card(p).getByText(PENDING).waitFor({ state: 'detached', timeout: 30_000 });
    await card(p).getByText(COMPLETE).waitFor();
    // Exactly once, also after the service worker's replay and the worker's retries settle.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await completions(offlineUser.id)).toBe(1);
    expect(await challengeAwards(offlineUser.id)).toBe(1);
  }, 120_000);
});
