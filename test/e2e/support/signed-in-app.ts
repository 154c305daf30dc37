// Helpers for end-to-end tests of the signed-in app (overlays, gym): confirmed users made through the
// emulator's admin API (service key), their access tokens, sign-in through the real form, and a page
// problem check that tolerates what a test provokes on purpose (offline requests).
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { Emulator } from '../../../supabase/emulator/src/start-emulator';
import { watchPageProblems } from './page-problems';

export const PASSWORD = 'correct horse battery';

export interface TestUser {
  id: string;
  email: string;
  username: string;
}

function serviceHeaders(emulator: Emulator): Record<string, string> {
  const key = emulator.status.SERVICE_ROLE_KEY;
  return { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
}

/** A confirmed user; `metadata` goes into user_metadata (e.g. walkthrough_done_v1). */
export async function createUser(
  emulator: Emulator,
  username: string,
  metadata: Record<string, unknown> = {},
): Promise<TestUser> {
  const email = `${username}-${randomUUID().slice(0, 8)}@example.test`;
  const response = await fetch(`${emulator.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: serviceHeaders(emulator),
    body: JSON.stringify({
      email,
      password: PASSWORD,
      email_confirm: true,
      user_metadata: { username, ...metadata },
    }),
  });
  if (response.status !== 200)
    throw new Error(`admin create user: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { id: string };
  return { id: body.id, email, username };
}

/** The auth user as the admin API returns it (user_metadata included). */
export async function adminGetUser(
  emulator: Emulator,
  id: string,
): Promise<{ user_metadata: Record<string, unknown> }> {
  const response = await fetch(`${emulator.url}/auth/v1/admin/users/${id}`, {
    headers: serviceHeaders(emulator),
  });
  return (await response.json()) as { user_metadata: Record<string, unknown> };
}

export async function accessToken(emulator: Emulator, user: TestUser): Promise<string> {
  const response = await fetch(`${emulator.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: emulator.status.ANON_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: PASSWORD }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`no token for ${user.email}`);
  return body.access_token;
}

/** Calls an RPC as the user (like their own device would). */
export async function rpcAs(
  emulator: Emulator,
  token: string,
  name: string,
  args: Record<string, unknown>,
): Promise<unknown> {
  const response = await fetch(`${emulator.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: emulator.status.ANON_KEY,
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(args),
  });
  if (!response.ok) throw new Error(`rpc ${name}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function signInThroughForm(page: Page, user: TestUser): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).and(page.locator('input')).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('**/home', { timeout: 20_000 });
}

export interface WatchedContext {
  context: BrowserContext;
  page: Page;
  /** Problems not matching the expected patterns. */
  problems: () => string[];
  /** Forgets the problems so far (after a step that provokes them on purpose and checks them itself). */
  clearProblems: () => void;
}

export async function openContext(
  browser: Browser,
  baseUrl: string,
  expected: () => RegExp[],
  options: BrowserContextOptions = {},
): Promise<WatchedContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
    ...options,
  });
  const page = await context.newPage();
  const watcher = watchPageProblems(page);
  return {
    context,
    page,
    problems: () => watcher.list().filter((p) => !expected().some((pattern) => pattern.test(p))),
    clearProblems: watcher.clear,
  };
}

/** Polls `check` until it returns a value that is not undefined (or times out). */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('eventually: timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
