// Helpers for the offline-sync end-to-end test: a confirmed user on the emulator, sign-in through the
// login screen, the schedule's day cells, and server-side counts read with the emulator's superuser
// connection (the "service key" view of what the server holds).
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { AppWithEmulator } from './app-with-emulator';

export const SYNC_PASSWORD = 'correct horse battery staple';

export interface SyncUser {
  id: string;
  email: string;
}

/** Signs up a user (the e2e emulator confirms at once), whose profile the product's trigger creates. */
export async function signUpSyncUser(app: AppWithEmulator, username: string): Promise<SyncUser> {
  const email = `${username}-${randomUUID().slice(0, 8)}@example.test`;
  const response = await fetch(`${app.emulator.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: app.emulator.status.ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: SYNC_PASSWORD, data: { username } }),
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const session = (await response.json()) as { user: { id: string } };
  return { id: session.user.id, email };
}

/** Signs in through /login and waits for the signed-in home screen. */
export async function signInThroughUi(page: Page, user: SyncUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).and(page.locator('input')).fill(SYNC_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/home$/, { timeout: 30_000 });
}

export async function serverCount(app: AppWithEmulator, sql: string, params: unknown[]): Promise<number> {
  const result = await app.emulator.engine.query<{ n: number }>(sql, params);
  return result.rows[0]?.n ?? -1;
}

/** Polls `probe` until it returns something other than null/false; explains the state on timeout. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T | null | false>,
  explain: () => Promise<unknown> = async () => null,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== false) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await explain(), null, 1)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The schedule's selected day (today when the screen opens), as YYYY-MM-DD. */
export async function selectedDay(page: Page): Promise<string> {
  const cell = page.locator('[data-day][aria-pressed="true"]').first();
  await cell.waitFor();
  const day = await cell.getAttribute('data-day');
  if (day === null) throw new Error('no selected day on the schedule');
  return day;
}

/** Shows `day` in the schedule's week view (one "Next week" if it is in the next week). */
export async function showDay(page: Page, day: string): Promise<void> {
  const first = page.getByRole('group', { name: 'Calendar' }).locator('[data-day]').first();
  await first.waitFor();
  const cell = page.getByTestId(`day-${day}`);
  if ((await cell.count()) === 0) {
    // The week shown may be before or after the day's (a Saturday's "tomorrow" is next week's Sunday).
    const shownFrom = (await first.getAttribute('data-day')) ?? '';
    const direction = day < shownFrom ? 'Previous week' : 'Next week';
    await page.getByRole('button', { name: direction }).click();
  }
  await cell.waitFor();
}

export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Selects `day` on the schedule and waits until its day panel lists a workout titled `title`. */
export async function dayPanelShows(page: Page, day: string, title: string, timeout = 30_000): Promise<void> {
  await showDay(page, day);
  await page.getByTestId(`day-${day}`).click();
  await page.getByTestId('day-panel').getByText(title, { exact: true }).first().waitFor({ timeout });
}
