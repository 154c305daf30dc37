// Settings end to end: the production build in Chromium against a fresh emulator (auto-confirming sign-up).
// Theme and language survive a reload and reach a second device (two browser contexts of one user, live);
// two-factor enrolment with a real TOTP code (otpauth), then a sign-in that asks for the code; export my
// data downloads the user's workouts as JSON (and says so when offline); axe on /settings in both themes.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { addDays, todayIn } from '../../src/domain/dates';
import { seriousAxeViolations } from './support/axe';
import { describeInBrowser } from './support/browser';
import { useAppWithEmulator } from './support/use-app';

const PASSWORD = 'correct horse battery';
// Review screenshots of /settings (git-ignored), beside those of the public screens.
const shots = fileURLToPath(new URL('./screenshots/', import.meta.url));

describeInBrowser('settings (production build, emulator)', () => {
  const harness = useAppWithEmulator();
  /** Problems a test expects (a wrong code answers 422): removed before the check. */
  let expected: RegExp[] = [];
  beforeEach(() => {
    expected = [];
  });

  /** A confirmed user who has already seen the walkthrough (it would cover the pages under test). */
  async function createUser(tag: string): Promise<{ id: string; email: string }> {
    const email = `${tag}-${randomUUID().slice(0, 8)}@example.test`;
    const response = await fetch(`${harness.app.emulator.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: {
        apikey: harness.app.emulator.status.SERVICE_ROLE_KEY,
        authorization: `Bearer ${harness.app.emulator.status.SERVICE_ROLE_KEY}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        email,
        password: PASSWORD,
        email_confirm: true,
        user_metadata: { username: tag.slice(0, 12), walkthrough_done_v1: true },
      }),
    });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    return { id, email };
  }

  async function openPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
    return (await harness.device(() => expected, { viewport })).page;
  }

  async function submitSignIn(page: Page, email: string): Promise<void> {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).and(page.locator('input')).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  async function signIn(page: Page, email: string): Promise<void> {
    await submitSignIn(page, email);
    await page.waitForURL('**/home');
  }

  const html = (page: Page) => page.locator('html');

  /** The user's settings row on the server. */
  async function serverSettings(id: string): Promise<{ theme: string; language: string } | undefined> {
    const { rows } = await harness.app.emulator.engine.query<{ theme: string; language: string }>(
      'select theme, language from public.user_settings where id = $1',
      [id],
    );
    return rows[0];
  }

  /** Picks an option of a segmented control (a radio group named by its label). */
  async function choose(page: Page, group: string, option: string): Promise<void> {
    await page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();
  }

  it('theme and language survive a reload and reach a second device of the same user', async () => {
    const { id, email } = await createUser('devices');
    const first = await openPage();
    await signIn(first, email);
    await first.goto('/settings');
    await first.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await choose(first, 'Theme', 'Dark');
    await choose(first, 'Language', 'Deutsch');
    await first.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    await expect.poll(() => html(first).getAttribute('data-mantine-color-scheme')).toBe('dark');

    // The row reaches the server (pushed by the sync worker).
    await expect
      .poll(() => serverSettings(id), { timeout: 15_000 })
      .toEqual({ theme: 'dark', language: 'de' });

    await first.reload();
    await first.getByRole('heading', { level: 1, name: 'Einstellungen' }).waitFor();
    expect(await html(first).getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(await html(first).getAttribute('lang')).toBe('de');

    // A second device (its own storage, English browser) picks both up at sign-in, and keeps them: its
    // own detected language and theme never overwrite the account's choices, there or on the server.
    const second = await openPage();
    await signIn(second, email);
    await expect
      .poll(() => html(second).getAttribute('data-mantine-color-scheme'), { timeout: 15_000 })
      .toBe('dark');
    await expect.poll(() => html(second).getAttribute('lang'), { timeout: 15_000 }).toBe('de');
    // Once the second device has pushed everything it wrote (home's sync badge), the server still has them.
    await second.locator('[data-sync-state="synced"][data-pending-writes="0"]').waitFor({ timeout: 15_000 });
    expect(await serverSettings(id)).toEqual({ theme: 'dark', language: 'de' });
    expect(await html(second).getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(await html(second).getAttribute('lang')).toBe('de');

    // And a later change arrives live, without a reload; the language stays the account's.
    await choose(first, 'Design', 'Hell');
    await expect
      .poll(() => html(second).getAttribute('data-mantine-color-scheme'), { timeout: 20_000 })
      .toBe('light');
    expect(await html(second).getAttribute('lang')).toBe('de');
    await expect
      .poll(() => serverSettings(id), { timeout: 15_000 })
      .toEqual({ theme: 'light', language: 'de' });
  }, 120_000);

  it('two-factor: enrol with a QR code and secret, then sign-in asks for the code', async () => {
    const { email } = await createUser('twofactor');
    const page = await openPage();
    await signIn(page, email);
    await page.goto('/settings');
    await expect
      .poll(() => page.getByTestId('two-factor-status').textContent(), { timeout: 10_000 })
      .toBe('Off');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code for adding Spotter to an authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

    // A wrong code is refused in words, and the factor stays off.
    expected.push(
      /HTTP 422: POST .*\/auth\/v1\/factors\/.*\/verify/,
      /console error: Failed to load resource: .* 422/,
    );
    const wrong = totp.generate() === '000000' ? '111111' : '000000';
    await page.getByLabel('Verification code').fill(wrong);
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByText('That code is not correct.', { exact: false }).waitFor();

    await page.getByLabel('Verification code').fill(totp.generate());
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect
      .poll(() => page.getByTestId('two-factor-status').textContent(), { timeout: 10_000 })
      .toBe('On');
    await page.getByText('Authenticator app', { exact: true }).waitFor();

    await page.locator('#main').getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.waitForURL(`${harness.app.baseUrl}/`);

    // Password first, then the code step before the app opens.
    await submitSignIn(page, email);
    await page.getByText('Two-factor verification').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // Opening a protected page meanwhile still asks for the code (the guard holds aal1 sessions).
    await page.goto('/home');
    await page.getByText('Two-factor verification').waitFor();
    await expect.poll(() => page.getByRole('navigation').count()).toBe(0);
    await page.getByLabel('Verification code').fill(totp.generate());
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('Two-factor verification').waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/home');

    // Removing the factor needs the aal2 session this sign-in produced.
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
    await expect
      .poll(() => page.getByTestId('two-factor-status').textContent(), { timeout: 10_000 })
      .toBe('Off');
  }, 120_000);

  it('export my data downloads a JSON file with my workouts; offline it explains instead', async () => {
    const { id, email } = await createUser('exporter');
    const workoutId = `w-${randomUUID()}`;
    // A workout of last week in the user's zone (UTC: created without one).
    await harness.app.emulator.engine.query(
      `insert into public.workouts (id, user_id, type, date, notes) values ($1, $2, 'strength', $3, 'export me')`,
      [workoutId, id, addDays(todayIn('UTC', new Date()), -6)],
    );
    const page = await openPage();
    await signIn(page, email);
    await page.goto('/settings');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^spotter-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      user_id: string;
      workouts: { id: string; user_id: string; notes: string }[];
    };
    expect(exported.user_id).toBe(id);
    expect(exported.workouts).toEqual([
      expect.objectContaining({ id: workoutId, user_id: id, notes: 'export me' }),
    ]);

    // Offline: no request, a clear message.
    expected.push(/ERR_INTERNET_DISCONNECTED/);
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Export my data' }).click();
    await page.getByText('Exporting needs a connection').waitFor();
    await page.context().setOffline(false);
  });

  it('settings has no serious or critical axe violation, in light and dark, on a phone and a desktop', async () => {
    const { email } = await createUser('axe');
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1440, height: 900 },
    ]) {
      const page = await openPage(viewport);
      await signIn(page, email);
      await page.goto('/settings');
      await expect.poll(() => page.getByTestId('two-factor-status').count(), { timeout: 10_000 }).toBe(1);
      for (const theme of ['Light', 'Dark']) {
        await choose(page, 'Theme', theme);
        await expect
          .poll(() => html(page).getAttribute('data-mantine-color-scheme'))
          .toBe(theme.toLowerCase());
        expect(await seriousAxeViolations(page), `${theme} at ${viewport.width}px`).toEqual([]);
        await mkdir(shots, { recursive: true });
        await page.screenshot({
          path: `${shots}settings-${theme.toLowerCase()}-${viewport.width}x${viewport.height}.png`,
          fullPage: true,
        });
      }
      // Every control is reachable with the keyboard: Tab from the top reaches the export button.
      await page.keyboard.press('Tab');
      let reached = false;
      for (let i = 0; i < 60 && !reached; i += 1) {
        reached = await page.evaluate(() => document.activeElement?.textContent === 'Export my data');
        if (!reached) await page.keyboard.press('Tab');
      }
      expect(reached).toBe(true);
    }
  }, 120_000);
});
