// A signed-in browser state for the first-screen figures: a confirmed user made through the emulator's
// admin API, signed in through the real /login form, its storage (the session) handed to a fresh context.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Emulator } from '../../supabase/emulator/src/start-emulator';

const PASSWORD = 'correct horse battery staple';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export async function createConfirmedUser(emulator: Emulator): Promise<string> {
  const key = emulator.status.SERVICE_ROLE_KEY;
  const email = `bench-web-${randomUUID().slice(0, 8)}@example.test`;
  const response = await fetch(`${emulator.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: PASSWORD,
      email_confirm: true,
      // The walkthrough is not part of the first screen's cost.
      user_metadata: { username: `bench${randomUUID().slice(0, 6)}`, walkthrough_done_v1: true },
    }),
  });
  if (response.status !== 200)
    throw new Error(`admin create user: ${response.status} ${await response.text()}`);
  return email;
}

export async function signedInState(
  browser: Browser,
  url: string,
  emulator: Emulator,
  email?: string,
): Promise<StorageState> {
  email ??= await createConfirmedUser(emulator);
  const context = await browser.newContext({ baseURL: url });
  try {
    const page = await context.newPage();
    await signIn(page, url, email);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** Signs `email` in through the real /login form of the app at `url` and waits for /home. */
export async function signIn(page: Page, url: string, email: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).and(page.locator('input')).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/home$/, { timeout: 30_000 });
}
