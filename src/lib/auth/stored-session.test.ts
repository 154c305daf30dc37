// @clock-sensitive: session expiry
// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readStoredSession, SESSION_EXPIRY_MARGIN_MS, urlCarriesAuth } from './stored-session';
import { AUTH_STORAGE_KEY, SESSION_ONLY_FLAG } from './storage-key';

const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);
const session = (expiresInMs: number) => ({
  access_token: 'a',
  refresh_token: 'r',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor((NOW + expiresInMs) / 1000),
  user: { id: 'u', aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '' },
});

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('readStoredSession', () => {
  it('returns a complete session that expires after the margin, from either storage', () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session(SESSION_EXPIRY_MARGIN_MS + 5000)));
    expect(readStoredSession(NOW)?.access_token).toBe('a');
    localStorage.clear();
    sessionStorage.setItem(SESSION_ONLY_FLAG, '1');
    sessionStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session(3_600_000)));
    expect(readStoredSession(NOW)?.refresh_token).toBe('r');
  });

  it('returns null for no session, a malformed one, one without user or tokens, or one near expiry', () => {
    expect(readStoredSession(NOW)).toBeNull();
    localStorage.setItem(AUTH_STORAGE_KEY, '{not json');
    expect(readStoredSession(NOW)).toBeNull();
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ ...session(3_600_000), user: null }));
    expect(readStoredSession(NOW)).toBeNull();
    localStorage.setItem(
      AUTH_STORAGE_KEY,
      JSON.stringify({ ...session(3_600_000), refresh_token: undefined }),
    );
    expect(readStoredSession(NOW)).toBeNull();
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(session(SESSION_EXPIRY_MARGIN_MS - 1000)));
    expect(readStoredSession(NOW)).toBeNull();
  });
});

describe('urlCarriesAuth', () => {
  it('spots sign-in, recovery and error redirects in the fragment or the query', () => {
    expect(urlCarriesAuth({ hash: '', search: '' })).toBe(false);
    expect(urlCarriesAuth({ hash: '#main', search: '?plan=1' })).toBe(false);
    expect(urlCarriesAuth({ hash: '#access_token=x&type=signup', search: '' })).toBe(true);
    expect(urlCarriesAuth({ hash: '', search: '?code=abc' })).toBe(true);
    expect(urlCarriesAuth({ hash: '#error=access_denied&error_description=x', search: '' })).toBe(true);
  });
});
