// Sign-out scope end to end (issue 18): two devices of one user (two browser contexts) against the
// production build and the emulator. "Sign out" ends this device's session only; "Sign out everywhere"
// (Settings, after a confirmation) ends every session, and the other device, the next time it is opened
// or looked at (it asks the auth server whether its session still exists), lands on /login and is told why.
// Also where a session starts without the e-mail step: a sign-up on a project that confirms at once.
import { beforeEach, expect, it } from 'vitest';
import { describeInBrowser } from './support/browser';
import { createUser, signInThroughForm } from './support/signed-in-app';
import { useAppWithEmulator } from './support/use-app';

describeInBrowser('sign-out scope (production build, emulator)', () => {
  const harness = useAppWithEmulator();
  /** Problems a test provokes on purpose (an ended session is refused). */
  let expected: RegExp[] = [];
  beforeEach(() => {
    expected = [];
  });

  const sessionsOf = async (userId: string) =>
    Number(
      (
        await harness.app.emulator.engine.query<{ n: string }>(
          'select count(*)::text as n from auth.sessions where user_id = $1',
          [userId],
        )
      ).rows[0]?.n,
    );

  // This emulator confirms sign-ups without an e-mail (as a hosted project with confirmations off).
  it('a sign-up that needs no e-mail confirmation is signed in at once: /home, no "check your inbox"', async () => {
    const { page } = await harness.device(() => expected);
    await page.goto('/register?variant=b');
    await page.getByLabel('Username', { exact: true }).and(page.locator('input')).fill('instantlifter');
    await page.getByLabel('Email').fill(`instant-${Date.now()}@example.com`);
    await page
      .getByLabel('Password', { exact: true })
      .and(page.locator('input'))
      .fill('correct horse battery');
    await page.getByLabel('Confirm password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome, instantlifte' }).waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/home');
    expect(await page.getByText('Check your inbox').count()).toBe(0);
  });

  it('signs out one device only; "Sign out everywhere" ends the other, which says why', async () => {
    const me = await createUser(harness.app.emulator, 'twodevices', { walkthrough_done_v1: true });
    const phone = await harness.device(() => expected);
    const laptop = await harness.device(() => expected);
    await signInThroughForm(phone.page, me);
    await signInThroughForm(laptop.page, me);
    expect(await sessionsOf(me.id)).toBe(2);

    // The laptop signs out: its own session ends, the phone's stays.
    await laptop.page.goto('/settings');
    // Settings' own button (the desktop sidebar has a Sign out too, once the profile is there).
    await laptop.page.locator('#main').getByRole('button', { name: 'Sign out', exact: true }).click();
    await laptop.page.getByText('Signed out successfully.').waitFor();
    await laptop.page.waitForURL((url) => url.pathname === '/');
    expect(await sessionsOf(me.id)).toBe(1);
    await phone.page.goto('/profile');
    await phone.page.getByRole('region', { name: 'Your profile' }).waitFor({ timeout: 20_000 });
    expect(new URL(phone.page.url()).pathname).toBe('/profile');

    // The laptop signs in again and signs out everywhere, after a confirmation it can cancel.
    await signInThroughForm(laptop.page, me);
    await laptop.page.goto('/settings');
    await laptop.page.locator('#main').getByRole('button', { name: 'Sign out everywhere' }).click();
    const dialog = laptop.page.getByRole('dialog', { name: 'Sign out on every device?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await sessionsOf(me.id)).toBe(2);
    await laptop.page.locator('#main').getByRole('button', { name: 'Sign out everywhere' }).click();
    // The phone's session check is answered 403 session_not_found; its requests with the ended session
    // may be refused too (401) until it has signed out.
    expected = [/HTTP 40[13]/, /status of 40[13]/];
    await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
    await laptop.page.waitForURL((url) => url.pathname === '/');
    expect(await sessionsOf(me.id)).toBe(0);
    // No notice on the device that asked.
    await laptop.page.goto('/login');
    await laptop.page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await laptop.page.getByText('You were signed out').count()).toBe(0);

    // The phone is opened again: it learns at once and says why on /login.
    await phone.page.reload();
    await phone.page.waitForURL('**/login', { timeout: 20_000 });
    const notice = phone.page.getByRole('alert').filter({ hasText: 'You were signed out' });
    await notice.waitFor();
    await expect.poll(() => notice.textContent()).toContain('changes this device has not sent yet are kept');
    // Signing in again answers it.
    await signInThroughForm(phone.page, me);
    await phone.page.goto('/settings');
    await phone.page.locator('#main').getByRole('button', { name: 'Sign out', exact: true }).click();
    await phone.page.waitForURL((url) => url.pathname === '/');
    await phone.page.goto('/login');
    await phone.page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    expect(await phone.page.getByText('You were signed out').count()).toBe(0);
  }, 180_000);
});
