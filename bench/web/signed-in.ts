// A signed-in browser state for the first-screen figure: a confirmed user made through the emulator's
// admin API, signed in through the real /login form, its storage (the session) handed to a fresh context.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import type { Emulator } from '../../supabase/emulator/src/start-emulator';

const PASSWORD = 'correct horse battery staple';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function createConfirmedUser(emulator: Emulator): Promise<string> {
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
): Promise<StorageState> {
  const email = await createConfirmedUser(emulator);
  const context = await browser.newContext({ baseURL: url });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).and(page.locator('input')).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/home$/, { timeout: 30_000 });
    return await context.storageState();
  } finally {
    await context.close();
  }
}
