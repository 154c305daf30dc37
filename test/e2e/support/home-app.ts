// Helpers for the home end-to-end test: the production build behind `vite preview` on a free port, its
// API paths forwarded to a fresh in-memory emulator that requires e-mail confirmation (so sign-up goes
// through the inbox, as in auth.test.ts), plus the inbox, a confirmed user, and the walkthrough.
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { startEmulator, type Emulator } from '../../../supabase/emulator/src/start-emulator';

export const HOME_PASSWORD = 'correct horse battery';

export interface HomeApp {
  baseUrl: string;
  emulator: Emulator;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startHomeApp(): Promise<HomeApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const emulator = await startEmulator({
    port: 0,
    memory: true,
    autoconfirm: false,
    siteUrl: baseUrl,
    additionalRedirectUrls: [baseUrl],
    rateLimits: { emailMinIntervalSeconds: 0, emailSentPerHour: 1000 },
  });
  const previous = process.env.SPOTTER_API_URL;
  process.env.SPOTTER_API_URL = emulator.url; // vite.config.ts reads the proxy target when preview() loads it
  let server: PreviewServer;
  try {
    server = await preview({
      logLevel: 'warn',
      preview: { host: '127.0.0.1', port, strictPort: true, open: false },
    });
  } catch (error) {
    await emulator.stop();
    throw error;
  } finally {
    if (previous === undefined) delete process.env.SPOTTER_API_URL;
    else process.env.SPOTTER_API_URL = previous;
  }
  return {
    baseUrl,
    emulator,
    async stop() {
      await server.close();
      await emulator.stop();
    },
  };
}

export const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

/** The newest sign-up link sent to `to`, once it arrives. */
export async function signupLink(app: HomeApp, to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${app.emulator.url}/inbox/api/messages?to=${encodeURIComponent(to)}`);
    const messages = (await response.json()) as { links: string[]; created_at: string }[];
    const link = messages
      .toSorted((a, b) => b.created_at.localeCompare(a.created_at))
      .flatMap((m) => m.links)
      .find((l) => l.includes('/auth/v1/verify') && l.includes('type=signup'));
    if (link !== undefined) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no sign-up e-mail reached ${to}`);
}

/** A confirmed user made with the admin API; the walkthrough is marked done so it never covers the screen. */
export async function confirmedUser(app: HomeApp, username: string): Promise<{ id: string; email: string }> {
  const email = uniqueEmail(username);
  const key = app.emulator.status.SERVICE_ROLE_KEY;
  const response = await fetch(`${app.emulator.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: HOME_PASSWORD,
      email_confirm: true,
      user_metadata: { username, walkthrough_done_v1: true },
    }),
  });
  if (response.status !== 200) throw new Error(`admin user: ${response.status} ${await response.text()}`);
  const user = (await response.json()) as { id: string };
  return { id: user.id, email };
}

export async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).and(page.locator('input')).fill(HOME_PASSWORD);
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
