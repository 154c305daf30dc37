// The stored session as the auth client would hand it out, read without loading the client (auth-js,
// about 21 KB gzipped): the first signed-in screen renders from it, and the client loads after that screen
// (session-store.ts). Only a session the client would return unchanged counts; anything else (none, a
// malformed one, one near expiry that the client would refresh first) is left to the client.
import type { Session } from '@supabase/supabase-js';
import { authStorage } from './auth-storage';
import { AUTH_STORAGE_KEY } from './storage-key';

/** auth-js's EXPIRY_MARGIN_MS: a session this close to expiry is refreshed before getSession returns it. */
export const SESSION_EXPIRY_MARGIN_MS = 90_000;

/** URL parameters of an auth redirect (implicit or PKCE sign-in, recovery, errors): the client must see them. */
const AUTH_URL_PARAMS = [
  'access_token',
  'refresh_token',
  'code',
  'type',
  'error',
  'error_code',
  'error_description',
];

export function urlCarriesAuth(location: Pick<Location, 'hash' | 'search'>): boolean {
  const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(location.search);
  return AUTH_URL_PARAMS.some((name) => hash.has(name) || query.has(name));
}

/**
 * The stored session when auth-js's getSession() would return it as stored (it holds access token,
 * refresh token, expiry and user, and expires in more than the margin); otherwise null.
 */
export function readStoredSession(now = Date.now()): Session | null {
  const raw = authStorage.getItem(AUTH_STORAGE_KEY);
  if (typeof raw !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const session = value as Partial<Session>;
  if (typeof session.access_token !== 'string' || typeof session.refresh_token !== 'string') return null;
  if (typeof session.expires_at !== 'number' || typeof session.user !== 'object' || session.user === null)
    return null;
  if (session.expires_at * 1000 - now < SESSION_EXPIRY_MARGIN_MS) return null;
  return session as Session;
}
