// Accounts end to end: the production build in Chromium, its API paths proxied to a fresh emulator that
// requires e-mail confirmation. Sign-up (both variants) through the inbox link to signed in, sign-in
// errors, remember me, reset password through the inbox, sign-out, OAuth through the emulator's test
// identity page, the route guard and the Connection Timeout screen.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import {
  createConfirmedUser,
  inboxLink as mailedLink,
  TEST_PASSWORD as PASSWORD,
  uniqueEmail,
} from './support/accounts';
import { seriousAxeViolations } from './support/axe';
import { describeInBrowser } from './support/browser';
import { useAppWithEmulator } from './support/use-app';

// Review screenshots (git-ignored), like screenshots.test.ts writes for the public screens.
const shots = fileURLToPath(new URL('./screenshots/', import.meta.url));

describeInBrowser('accounts (production build, emulator with e-mail confirmation)', () => {
  const harness = useAppWithEmulator({ confirmEmail: true });
  let page: Page;
  /** Problems a test expects (a refused sign-in answers 400): matched and removed before the check. */
  let expected: RegExp[] = [];
  beforeEach(() => {
    expected = [];
  });

  const inboxLink = (to: string, type: 'signup' | 'recovery') => mailedLink(harness.app.emulator, to, type);

  const confirmedUser = async (username: string) =>
    (await createConfirmedUser(harness.app.emulator, username)).email;

  async function signInThroughForm(address: string, password: string, remember = true): Promise<void> {
    await page.goto('/login');
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).and(page.locator('input')).fill(password);
    if (!remember) await page.getByRole('checkbox', { name: 'Remember me' }).uncheck();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  beforeAll(() => {
    mkdirSync(shots, { recursive: true });
  });

  const openPage = async () => {
    ({ page } = await harness.device(() => expected));
  };

  it('signs up with variant A, verifies through the inbox link and lands signed in on /home', async () => {
    await openPage();
    const address = uniqueEmail('mia');
    await page.goto('/register');
    await page.getByLabel('First name').fill('Mia');
    await page.getByLabel('Last name').fill('Keller');
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).and(page.locator('input')).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Account created! Please check your email to verify.').waitFor();
    await page.getByText('Check your inbox').waitFor();

    await page.goto(await inboxLink(address, 'signup'));
    await page.getByRole('heading', { level: 1, name: 'Welcome, Mia' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/home');
    const { rows } = await harness.app.emulator.engine.query<{
      username: string;
      first_name: string;
      last_name: string;
    }>(
      'select username, first_name, last_name from public.profiles p join auth.users u on u.id = p.id where u.email = $1',
      [address],
    );
    expect(rows[0]).toMatchObject({ username: 'Mia', first_name: 'Mia', last_name: 'Keller' });
    // A signed-in visitor of / goes on to /home.
    await page.goto('/');
    await page.waitForURL('**/home');
  });

  it('signs up with variant B (username trimmed and cut to 12) and verifies through the inbox', async () => {
    await openPage();
    const address = uniqueEmail('b');
    await page.goto('/register?variant=b');
    await page
      .getByLabel('Username', { exact: true })
      .and(page.locator('input'))
      .fill('  squatqueen_berlin  ');
    await page.getByLabel('Email').fill(address);
    await page.getByLabel('Password', { exact: true }).and(page.locator('input')).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Account created! Please check your email to verify.').waitFor();

    await page.goto(await inboxLink(address, 'signup'));
    await page.getByRole('heading', { level: 1, name: 'Welcome, squatqueen_b' }).waitFor();
    const { rows } = await harness.app.emulator.engine.query<{ username: string }>(
      'select username from public.profiles p join auth.users u on u.id = p.id where u.email = $1',
      [address],
    );
    expect(rows[0]?.username).toBe('squatqueen_b');
  });

  it('refuses a wrong password with "Invalid email or password"', async () => {
    await openPage();
    expected = [/HTTP 400: POST .*\/auth\/v1\/token/, /status of 400/];
    const address = await confirmedUser('lena');
    await signInThroughForm(address, 'not the password');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('asks an unverified user to verify and resends the e-mail', async () => {
    await openPage();
    expected = [/HTTP 400: POST .*\/auth\/v1\/token/, /status of 400/];
    const address = uniqueEmail('unverified');
    const signUp = await fetch(`${harness.app.emulator.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: harness.app.emulator.status.ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: address, password: PASSWORD }),
    });
    expect(signUp.status).toBe(200);
    await signInThroughForm(address, PASSWORD);
    await page.getByText('Please verify your email address first.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await page.getByText('Verification email sent!').waitFor();
    // The resent link signs the user in.
    const link = await inboxLink(address, 'signup');
    await page.goto(link);
    await page.waitForURL('**/home*', { timeout: 10_000 }).catch((error: unknown) => {
      throw new Error(`the link ${link} ended on ${page.url()}`, { cause: error });
    });
  });

  it('signs in ("Welcome back!"), signs out ("Signed out successfully.") and guards /home afterwards', async () => {
    await openPage();
    const address = await confirmedUser('tom');
    await signInThroughForm(address, PASSWORD);
    await page.getByText('Welcome back!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Welcome, tom' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: `${shots}home-light-1280x800.png` });
    // Remember me on: the session is in localStorage.
    expect(await page.evaluate(() => localStorage.getItem('spotter-auth') !== null)).toBe(true);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('Signed out successfully.').waitFor();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/home');
    await page.waitForURL('**/login');
  });

  it('keeps the session for the browser session only when remember me is off', async () => {
    await openPage();
    const address = await confirmedUser('nora');
    await signInThroughForm(address, PASSWORD, false);
    await page.getByRole('heading', { level: 1, name: 'Welcome, nora' }).waitFor();
    const where = await page.evaluate(() => ({
      local: localStorage.getItem('spotter-auth') !== null,
      session: sessionStorage.getItem('spotter-auth') !== null,
    }));
    expect(where).toEqual({ local: false, session: true });
    // A reload in the same browser session stays signed in.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Welcome, nora' }).waitFor();
  });

  it('resets the password through the inbox link', async () => {
    await openPage();
    const address = await confirmedUser('paul');
    await page.goto('/login');
    await page.getByLabel('Email').fill(address);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Password reset email sent!').waitFor();

    await page.goto(await inboxLink(address, 'recovery'));
    await page.waitForURL('**/reset-password*');
    await page.getByLabel('New password', { exact: true }).fill('a brand new secret');
    await page.getByLabel('Confirm new password').fill('a brand new secret');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.getByText('Password updated successfully!').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Welcome, paul' }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await signInThroughForm(address, 'a brand new secret');
    await page.getByText('Welcome back!').waitFor();
  });

  it('signs in with Google through the emulator test identity page', async () => {
    await openPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('button', { name: /Continue as Alex Rivera/ }).click();
    await page.waitForURL('**/home*', { timeout: 10_000 }).catch((error: unknown) => {
      throw new Error(`OAuth ended on ${page.url()}`, { cause: error });
    });
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
  });

  it('sends the user to /login when the auth server refuses to refresh a stored session', async () => {
    await openPage();
    const signIn = await fetch(`${harness.app.emulator.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: harness.app.emulator.status.ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: await confirmedUser('ida'), password: PASSWORD }),
    });
    const session = (await signIn.json()) as Record<string, unknown>;
    const expired = { ...session, expires_at: Math.floor(Date.now() / 1000) - 60 };
    await page.addInitScript((value) => localStorage.setItem('spotter-auth', value), JSON.stringify(expired));
    // Not a network failure (those are retried, then time out): supabase-js drops the session and signs out.
    await page.route('**/auth/v1/token**', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          code: 429,
          error_code: 'over_request_rate_limit',
          msg: 'Request rate limit reached',
        }),
      }),
    );
    expected = [/HTTP 429: POST .*\/auth\/v1\/token/, /status of 429/, /Request rate limit reached/];
    await page.goto('/home');
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('spotter-auth'))).toBeNull();
  });

  it('shows Connection Timeout with a reload button when the session cannot be verified within 8 s', async () => {
    await openPage();
    // An expired stored session needs a refresh; the auth server is unreachable.
    const signIn = await fetch(`${harness.app.emulator.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: harness.app.emulator.status.ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ email: await confirmedUser('zoe'), password: PASSWORD }),
    });
    const session = (await signIn.json()) as Record<string, unknown>;
    const expired = { ...session, expires_at: Math.floor(Date.now() / 1000) - 60 };
    await page.addInitScript((value) => localStorage.setItem('spotter-auth', value), JSON.stringify(expired));
    await page.route('**/auth/v1/**', (route) => route.abort('connectionrefused'));
    // supabase-js logs each failed refresh attempt to the console itself.
    expected = [/request failed: .*\/auth\/v1\//, /Failed to load resource/, /TypeError: Failed to fetch/];

    const started = Date.now();
    await page.goto('/home');
    await page.getByText('Verifying your session…').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Connection Timeout' }).waitFor({ timeout: 15_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(7_500);
    await expect(page.getByRole('button', { name: 'Reload' }).isVisible()).resolves.toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}connection-timeout-dark-390x844.png` });
  }, 30_000);
});
