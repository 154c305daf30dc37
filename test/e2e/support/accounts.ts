// Accounts for end-to-end tests, made the way a user or an operator would: the emulator's inbox (the
// links its e-mails carry) and its admin API (a user who is already confirmed). One place for what the
// auth, shell, schedule and home tests need, so that a change to the auth surface is mended once.
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import type { Emulator } from '../../../supabase/emulator/src/start-emulator';

export const TEST_PASSWORD = 'correct horse battery';

/** An address no other test uses: `tag-1a2b3c4d@example.test`. */
export const uniqueEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@example.test`;

/** A port that was free a moment ago (for a server whose URL must be known before it starts). */
/**
 * A free port for a server whose address must be known before it starts (the app's URL is the
 * emulator's site URL). Not from the kernel's ephemeral range (32768-60999 on Linux): the emulator
 * started next on port 0, and every outgoing connection, draw from that range, and in one CI run the
 * emulator took the very port this had just returned ("Port … is already in use").
 */
export async function freePortOutsideEphemeralRange(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!bound) continue;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }
  throw new Error('no free port between 20000 and 32000');
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface InboxMessage {
  links: string[];
  created_at: string;
}

/** The newest verification link of `type` the emulator mailed to `to`, once it arrives (10 s at most). */
export async function inboxLink(
  emulator: Emulator,
  to: string,
  type: 'signup' | 'recovery' = 'signup',
): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${emulator.url}/inbox/api/messages?to=${encodeURIComponent(to)}`);
    const messages = (await response.json()) as InboxMessage[];
    const link = messages
      .toSorted((a, b) => b.created_at.localeCompare(a.created_at))
      .flatMap((message) => message.links)
      .find((l) => l.includes('/auth/v1/verify') && l.includes(`type=${type}`));
    if (link !== undefined) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${type} e-mail reached ${to}`);
}

export interface ConfirmedUserOptions {
  /** Marks the first-run walkthrough as done, so it never covers the screen under test. */
  walkthroughDone?: boolean;
  password?: string;
}

/** A user whose e-mail is already confirmed (admin API), with a fresh address built from `username`. */
export async function createConfirmedUser(
  emulator: Emulator,
  username: string,
  { walkthroughDone = false, password = TEST_PASSWORD }: ConfirmedUserOptions = {},
): Promise<{ id: string; email: string }> {
  const email = uniqueEmail(username);
  const key = emulator.status.SERVICE_ROLE_KEY;
  const response = await fetch(`${emulator.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password,
      email_confirm: true,
      user_metadata: walkthroughDone ? { username, walkthrough_done_v1: true } : { username },
    }),
  });
  if (response.status !== 200) throw new Error(`admin user: ${response.status} ${await response.text()}`);
  const user = (await response.json()) as { id: string };
  return { id: user.id, email };
}
