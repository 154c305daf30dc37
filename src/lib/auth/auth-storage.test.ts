// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { authStorage, setRememberMe } from './auth-storage';
import { AUTH_STORAGE_KEY, hasStoredSession } from './storage-key';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('auth storage (remember me)', () => {
  it('keeps the session in localStorage by default', async () => {
    await authStorage.setItem(AUTH_STORAGE_KEY, 'session');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBe('session');
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(hasStoredSession()).toBe(true);
  });

  it('keeps it in sessionStorage when remember me is off, and moves it back when on', async () => {
    setRememberMe(false);
    await authStorage.setItem(AUTH_STORAGE_KEY, 'short-lived');
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).toBe('short-lived');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(await authStorage.getItem(AUTH_STORAGE_KEY)).toBe('short-lived');

    setRememberMe(true);
    await authStorage.setItem(AUTH_STORAGE_KEY, 'long-lived');
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBe('long-lived');
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('removes the session from both stores', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, 'a');
    sessionStorage.setItem(AUTH_STORAGE_KEY, 'b');
    await authStorage.removeItem(AUTH_STORAGE_KEY);
    expect(hasStoredSession()).toBe(false);
  });
});
