/**
 * A queued write as stored in IndexedDB, and the way back to a Request for a replay.
 *
 * The entry keeps the request's method, URL, body and the headers PostgREST needs (apikey, content type,
 * Prefer, client info, profiles); the Authorization header is kept apart so a replay can swap in the
 * freshest access token the page stored. The user the write belongs to is read from that token, so a
 * write is only ever replayed with a token of the same user.
 */
import type { QueuedRpcName } from './queued-rpcs';

export interface QueueEntry {
  /** Insertion order (IndexedDB key generator); absent before the entry is stored. */
  seq?: number;
  /** Stable id, returned to the caller in the 202 answer. */
  id: string;
  rpc: QueuedRpcName;
  method: string;
  url: string;
  headers: [string, string][];
  body: string;
  /** `Bearer <jwt>` as sent, or null. */
  authorization: string | null;
  /** `sub` of the access token; null for anonymous calls. */
  userId: string | null;
  queuedAt: number;
  attempts: number;
  lastAttemptAt: number | null;
  /** Status of the last replay attempt; null when it failed at the network level or never ran. */
  lastStatus: number | null;
  lastError: string | null;
  /** A 401 came back and no fresher token was stored: waits for the page to store one. */
  waitingForToken: boolean;
}

/** Headers a replay re-sends. Everything else (cookies are not used, hop-by-hop headers) is dropped. */
const KEPT_HEADERS: ReadonlySet<string> = new Set([
  'accept',
  'accept-profile',
  'apikey',
  'content-profile',
  'content-type',
  'prefer',
  'x-client-info',
]);

export interface TokenClaims {
  sub: string | null;
  /** Expiry in seconds since the epoch, or null. */
  exp: number | null;
}

/** Reads `sub` and `exp` from a JWT without verifying it (the server verifies; this only picks a token). */
export function decodeTokenClaims(token: string): TokenClaims {
  const payload = token.split('.')[1];
  if (payload === undefined) return { sub: null, exp: null };
  try {
    const base64 = payload.replaceAll('-', '+').replaceAll('_', '/');
    const json = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
    const claims = JSON.parse(json) as { sub?: unknown; exp?: unknown; role?: unknown };
    return {
      sub: typeof claims.sub === 'string' && claims.role !== 'anon' ? claims.sub : null,
      exp: typeof claims.exp === 'number' ? claims.exp : null,
    };
  } catch {
    return { sub: null, exp: null };
  }
}

export function bearerToken(authorization: string | null): string | null {
  const match = authorization === null ? null : /^Bearer\s+(.+)$/i.exec(authorization.trim());
  return match?.[1] ?? null;
}

/** The user a request acts as, from its Authorization header. */
export function userIdOf(authorization: string | null): string | null {
  const token = bearerToken(authorization);
  return token === null ? null : decodeTokenClaims(token).sub;
}

export async function entryFromRequest(
  request: Request,
  rpc: QueuedRpcName,
  options: { id: string; now: number },
): Promise<QueueEntry> {
  const headers: [string, string][] = [];
  request.headers.forEach((value, name) => {
    if (KEPT_HEADERS.has(name.toLowerCase())) headers.push([name.toLowerCase(), value]);
  });
  headers.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const authorization = request.headers.get('authorization');
  return {
    id: options.id,
    rpc,
    method: request.method,
    url: request.url,
    headers,
    body: await request.text(),
    authorization,
    userId: userIdOf(authorization),
    queuedAt: options.now,
    attempts: 0,
    lastAttemptAt: null,
    lastStatus: null,
    lastError: null,
    waitingForToken: false,
  };
}

/** The request a replay sends: the stored one with `authorization` (the freshest token) when given. */
export function requestFromEntry(entry: QueueEntry, authorization: string | null): Request {
  const headers = new Headers(entry.headers);
  if (authorization !== null) headers.set('authorization', authorization);
  return new Request(entry.url, {
    method: entry.method,
    headers,
    body: entry.body,
    credentials: 'omit',
    cache: 'no-store',
  });
}

/** The token session the page stores for the service worker (see src/lib/service-worker/token-store.ts). */
export interface StoredSession {
  userId: string;
  accessToken: string;
  /** Seconds since the epoch, as supabase-js reports `expires_at`; null when unknown. */
  expiresAt: number | null;
  updatedAt: number;
}

/** What the page stores on sign-out: nobody's writes are sent until their user signs in again. */
export interface SignedOut {
  userId: null;
  signedOutAt: number;
}

/** The stored record: a session, the sign-out marker, or null when the page never stored anything. */
export type SessionRecord = StoredSession | SignedOut;

export function isSignedIn(record: SessionRecord | null): record is StoredSession {
  return record !== null && record.userId !== null;
}

/** pickAuthorization's answer for a write whose user is not the one signed in. */
export const WAIT_FOR_USER: unique symbol = Symbol('wait for the user to sign in');

/**
 * The Authorization header to replay `entry` with, or WAIT_FOR_USER:
 * - anonymous calls, and pages that never stored a session, replay as queued;
 * - a user's write replays only while that user is the stored session, with the later-expiring of the
 *   stored and the original token; after a sign-out or while another user is signed in it waits for its
 *   user to sign in again (kept, never sent on their behalf, never sent as someone else).
 */
export function pickAuthorization(
  entry: QueueEntry,
  session: SessionRecord | null,
): string | null | typeof WAIT_FOR_USER {
  if (entry.userId === null || session === null) return entry.authorization;
  if (!isSignedIn(session) || session.userId !== entry.userId) return WAIT_FOR_USER;
  const originalToken = bearerToken(entry.authorization);
  const originalExp = originalToken === null ? null : decodeTokenClaims(originalToken).exp;
  // The token's own claim first: it is what the server checks.
  const storedExp = decodeTokenClaims(session.accessToken).exp ?? session.expiresAt;
  if (originalExp !== null && storedExp !== null && originalExp > storedExp) return entry.authorization;
  return `Bearer ${session.accessToken}`;
}

/**
 * A live write carries the page's current token. When it is a later token of the stored session's user
 * (or nothing was ever stored), it becomes the stored session, so writes queued before it replay with it
 * too. Returns the session to store, or null to keep the stored record. Never switches users and never
 * undoes a sign-out (a request still in flight from before it must not revive the old session).
 */
export function sessionFromLiveRequest(
  stored: SessionRecord | null,
  authorization: string | null,
  now: number,
): StoredSession | null {
  const token = bearerToken(authorization);
  if (token === null) return null;
  const { sub, exp } = decodeTokenClaims(token);
  if (sub === null || exp === null) return null;
  if (stored !== null) {
    if (!isSignedIn(stored) || stored.userId !== sub || stored.accessToken === token) return null;
    const storedExp = decodeTokenClaims(stored.accessToken).exp ?? stored.expiresAt;
    if (storedExp !== null && storedExp >= exp) return null;
  }
  return { userId: sub, accessToken: token, expiresAt: exp, updatedAt: now };
}
