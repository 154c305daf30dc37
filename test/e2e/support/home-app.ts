// Helpers for the home end-to-end test (its app starts with `startAppWithEmulator({ confirmEmail: true })`):
// a confirmed user who has done the walkthrough, signing in through the form, and skipping the walkthrough.
import type { Page } from 'playwright-core';
import type { Emulator } from '../../../supabase/emulator/src/start-emulator';
import { createConfirmedUser, TEST_PASSWORD } from './accounts';

/** A confirmed user made with the admin API; the walkthrough is marked done so it never covers the screen. */
export function confirmedUser(
  app: { emulator: Emulator },
  username: string,
): Promise<{ id: string; email: string }> {
  return createConfirmedUser(app.emulator, username, { walkthroughDone: true });
}

export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).and(page.locator('input')).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/home$/, { timeout: 30_000 });
}

/** Skips the first-visit walkthrough if it shows up (it starts 400 ms after load). */
export async function skipWalkthrough(page: Page, name = 'Skip'): Promise<void> {
  const skip = page.getByRole('button', { name, exact: true });
  try {
    await skip.waitFor({ state: 'visible', timeout: 5_000 });
    await skip.click();
    await skip.waitFor({ state: 'hidden' });
  } catch {
    // Not shown (already done for this user).
  }
}
