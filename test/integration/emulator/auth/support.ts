/**
 * Helpers for the auth suites: reading the emulator's inbox, following e-mail links the way a browser
 * would (without following the redirect), and supabase-js clients with the options a flow needs.
 */
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import WebSocket from 'ws';
import type { Emulator } from '../../../../supabase/emulator/src/start-emulator';
import { createTestClient } from '../../../support/emulator';

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

export interface InboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  channel?: string;
  created_at: string;
}

/** Generous limits for suites that sign in and send mail a lot; the rate-limit suite sets its own. */
export const RELAXED_LIMITS = {
  rateLimits: {
    signInPer5Min: 10_000,
    verifyPer5Min: 10_000,
    tokenRefreshPer5Min: 10_000,
    emailSentPerHour: 10_000,
    emailMinIntervalSeconds: 0,
  },
};

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.test`;
}

export async function inbox(emulator: Emulator, to: string): Promise<InboxMessage[]> {
  const response = await fetch(`${emulator.url}/inbox/api/messages?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  return (await response.json()) as InboxMessage[];
}

export async function latestMessage(emulator: Emulator, to: string): Promise<InboxMessage> {
  const [message] = await inbox(emulator, to);
  if (!message) throw new Error(`no message for ${to}`);
  return message;
}

/** The link into /auth/v1/verify in a message. */
export function verifyLink(message: InboxMessage): string {
  const link = message.links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error(`no verify link in "${message.subject}"`);
  return link;
}

export function otpOf(message: InboxMessage): string {
  const match = /\b(\d{6})\b/.exec(message.text);
  if (!match?.[1]) throw new Error(`no code in "${message.subject}"`);
  return match[1];
}

export interface Followed {
  status: number;
  location: URL;
  /** Parameters of the fragment (implicit flow). */
  hash: URLSearchParams;
  /** Parameters of the query (PKCE flow). */
  query: URLSearchParams;
}

/** Opens a link without following its redirect, as the browser's first hop. */
export async function follow(link: string): Promise<Followed> {
  const response = await fetch(link, { redirect: 'manual' });
  const header = response.headers.get('location');
  if (!header) throw new Error(`no redirect from ${link}: ${response.status} ${await response.text()}`);
  const location = new URL(header);
  return {
    status: response.status,
    location,
    hash: new URLSearchParams(location.hash.replace(/^#/, '')),
    query: location.searchParams,
  };
}

/** A client for flows that keep state between calls (PKCE verifier, session). */
export function flowClient(
  emulator: Emulator,
  flowType: 'implicit' | 'pkce' = 'implicit',
  fetchImpl?: typeof fetch,
): SupabaseClient {
  const store = new Map<string, string>();
  return createClient(emulator.url, emulator.status.ANON_KEY, {
    auth: {
      flowType,
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (key) => store.get(key) ?? null,
        setItem: (key, value) => void store.set(key, value),
        removeItem: (key) => void store.delete(key),
      },
    },
    global: {
      headers: { 'X-Client-Info': 'spotter-tests/1.0.0' },
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    },
    realtime: { transport: WebSocket as unknown as RealtimeTransport },
  }) as SupabaseClient;
}

export function client(emulator: Emulator): SupabaseClient {
  return createTestClient(emulator, { persistSession: false });
}

/** A confirmed user created through the admin API, signed in on a fresh client. */
export async function signedInUser(
  emulator: Emulator,
  prefix = 'user',
  password = 'correct-horse-1',
): Promise<{ email: string; password: string; supabase: SupabaseClient }> {
  const email = uniqueEmail(prefix);
  const admin = createTestClient(emulator, { key: 'service_role' });
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw created.error;
  const supabase = flowClient(emulator);
  const { error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { email, password, supabase };
}

export function totpNow(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

export function decodeJwtPayload(token: string): Record<string, unknown> {
  const [, payload] = token.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}
