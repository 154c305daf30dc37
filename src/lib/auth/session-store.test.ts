// @clock-sensitive: session expiry
// @vitest-environment jsdom
// The session store over the real supabase-js client. Stored sessions that are far from expiry need no
// network, so the start-up transitions are exercised without a server (sign-out, recovery and refresh run
// against the emulator in test/e2e/auth.test.ts).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SessionStore from './session-store';
import { AUTH_STORAGE_KEY } from './storage-key';

type Store = typeof SessionStore;

async function freshStore(): Promise<Store> {
  vi.resetModules();
  return import('./session-store');
}

function until(store: Store, status: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (store.getAuthState().status === status) {
        unsubscribe();
        resolve();
      }
    };
    const unsubscribe = store.subscribeAuth(check);
    check();
  });
}

function storedSession(accessToken: string) {
  const now = Math.floor(Date.now() / 1000);
  return {
    access_token: accessToken,
    refresh_token: 'refresh-1',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: now + 3600,
    user: {
      id: '0190b7a0-0000-7000-8000-000000000001',
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: { username: 'mia' },
      created_at: new Date().toISOString(),
    },
  };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  localStorage.clear();
});

describe('session store', () => {
  it('starts loading and settles on signed out without a stored session', async () => {
    const store = await freshStore();
    expect(store.getAuthState().status).toBe('loading');
    store.startAuth();
    await until(store, 'signedOut');
  });

  it('reads a stored session explicitly and reports its access token', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(storedSession('token-a')));
    const store = await freshStore();
    const tokens: (string | null)[] = [];
    store.onAccessToken((token) => tokens.push(token));
    store.startAuth();
    await until(store, 'signedIn');
    const state = store.getAuthState();
    expect(state.status === 'signedIn' && state.user.user_metadata.username).toBe('mia');
    expect(tokens).toEqual([null, 'token-a']);
  });

  it('signs in at once from a stored session the auth client would return unchanged', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(storedSession('token-b')));
    const store = await freshStore();
    store.startAuth();
    // Synchronously: the first screen renders without waiting for the auth client's code.
    expect(store.getAuthState().status).toBe('signedIn');
  });

  it('keeps its state when the auth client loads and announces the stored session it already shows', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(storedSession('token-e')));
    const store = await freshStore();
    const { markFirstScreenRendered } = await import('@/lib/first-screen');
    // What the client tells its subscribers (the store's subscription among them) as it starts; the spy
    // calls through to the real method.
    const { GoTrueClient } = await import('@supabase/auth-js');
    const notify = vi.spyOn(
      GoTrueClient.prototype as unknown as { _notifyAllSubscribers: (event: string) => Promise<void> },
      '_notifyAllSubscribers',
    );
    const announced = () => notify.mock.calls.map(([event]) => event);
    store.startAuth();
    const shown = store.getAuthState();
    expect(shown.status).toBe('signedIn');
    let notified = 0;
    store.subscribeAuth(() => {
      notified += 1;
    });
    markFirstScreenRendered();
    await vi.waitFor(() => expect(announced()).toContain('SIGNED_IN'), { timeout: 15_000 });
    // The store's answer to the event has run: its subscription is awaited by the client's notify.
    await notify.mock.results.at(-1)?.value;
    expect(store.getAuthState()).toBe(shown);
    expect(notified).toBe(0);
    notify.mockRestore();
  });

  it('leaves a session near expiry, or an auth redirect in the URL, to the auth client', async () => {
    const nearExpiry = { ...storedSession('token-c'), expires_at: Math.floor(Date.now() / 1000) + 60 };
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(nearExpiry));
    let store = await freshStore();
    store.startAuth();
    expect(store.getAuthState().status).toBe('loading');

    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify(storedSession('token-d')));
    window.history.replaceState(null, '', '/home#access_token=x&type=recovery');
    try {
      store = await freshStore();
      store.startAuth();
      expect(store.getAuthState().status).toBe('loading');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});
