// The page's auth state (spec point 4): loading at start, then signed in, signed out or password recovery.
// Owns the auth client's event subscription, the visibility-driven token refresh and the access-token
// listeners (the sync layer hands tokens to its worker through onAccessToken).
// A stored session that the auth client would hand out unchanged signs in at once (stored-session.ts);
// the client itself then loads once the first signed-in screen has rendered, so that screen does not
// download it. Every other start (no session, one near expiry, an auth redirect) waits for the client.
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { firstScreenRendered } from '@/lib/first-screen';
import type { PageAuthClient } from './auth-client';
import { loadAuthClient } from './load-auth-client';
import { clearSessionEndedNotice, sessionGone } from './session-ended';
import { readStoredSession, urlCarriesAuth } from './stored-session';

/**
 * A signed-in start loads the client at the latest this long after boot, should no first screen render
 * (a database that cannot open): long enough that a slow first screen does not fetch it on its path.
 */
export const AUTH_CLIENT_GRACE_MS = 10_000;

/** After the first screen: one idle moment more (the signal can come a frame before the screen shows). */
function afterIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 50);
  });
}

export type AuthState =
  | { status: 'loading' }
  | { status: 'signedIn'; session: Session; user: User }
  | { status: 'signedOut' }
  /** A recovery link was followed: the session may only set a new password (-> /reset-password). */
  | { status: 'recovery'; session: Session; user: User }
  /** Reading the session failed for another reason than a missing one (Authentication Error). */
  | { status: 'error'; message: string };

type Listener = () => void;
type TokenListener = (accessToken: string | null) => void;

let state: AuthState = { status: 'loading' };
let started = false;
const listeners = new Set<Listener>();
const tokenListeners = new Set<TokenListener>();

function setState(next: AuthState): void {
  const previousToken = accessTokenOf(state);
  state = next;
  for (const listener of listeners) listener();
  const token = accessTokenOf(next);
  if (token !== previousToken) for (const listener of tokenListeners) listener(token);
}

function accessTokenOf(value: AuthState): string | null {
  return value.status === 'signedIn' || value.status === 'recovery' ? value.session.access_token : null;
}

function fromSession(session: Session | null, recovery = false): AuthState {
  if (session === null) return { status: 'signedOut' };
  return { status: recovery ? 'recovery' : 'signedIn', session, user: session.user };
}

/** A fragment the auth server put on a recovery link's return (implicit flow). */
function urlSaysRecovery(): boolean {
  return new URLSearchParams(globalThis.location.hash.slice(1)).get('type') === 'recovery';
}

function onAuthEvent(event: AuthChangeEvent, session: Session | null): void {
  switch (event) {
    // The session is read explicitly with getSession() in start(); this event would only repeat it.
    case 'INITIAL_SESSION':
      return;
    case 'PASSWORD_RECOVERY':
      setState(fromSession(session, true));
      return;
    case 'SIGNED_OUT':
      // Not asked for on this device: /login says the session ended elsewhere (session-ended.ts).
      if (state.status === 'signedIn') sessionGone();
      setState({ status: 'signedOut' });
      return;
    default:
      // Signed in again: the session-ended notice has been answered.
      if (event === 'SIGNED_IN' && session !== null) clearSessionEndedNotice();
      // The session the page already shows, told again: auth-js announces the stored session it loads as
      // SIGNED_IN, after the first screen. A new state object would re-render every signed-in screen (a new
      // `user`) for nothing: a 4x-throttled CPU profile of /home showed a whole second render of the page.
      if (event === 'SIGNED_IN' && isShownSession(session)) return;
      // SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED: a recovery session stays one until the password is set.
      if (state.status === 'recovery' && session !== null && event !== 'USER_UPDATED') {
        setState(fromSession(session, true));
      } else setState(fromSession(session));
  }
}

/**
 * Whether `session` is the signed-in session the state holds: the same access token (so the same claims),
 * and a state whose user is the real one (auth-js announces SIGNED_IN with the same token when it replaces
 * a stored placeholder user by the server's).
 */
function isShownSession(session: Session | null): boolean {
  return (
    state.status === 'signedIn' &&
    session !== null &&
    session.access_token === state.session.access_token &&
    !('__isUserNotAvailableProxy' in state.user)
  );
}

/** At most one server check of the session per this long (start-up and each return to the tab). */
export const SESSION_CHECK_INTERVAL_MS = 60_000;
let lastSessionCheck = -Infinity;

/**
 * Asks the auth server whether this device's session still exists. A session ended elsewhere ("sign out
 * everywhere" on another device) answers session_not_found, on which auth-js removes the session and
 * emits SIGNED_OUT: the page says why on /login at once, instead of when the access token expires (up to
 * an hour later). Offline the request fails and nothing changes.
 */
function checkSessionOnServer(auth: PageAuthClient['auth']): void {
  if (state.status !== 'signedIn' || Date.now() - lastSessionCheck < SESSION_CHECK_INTERVAL_MS) return;
  lastSessionCheck = Date.now();
  void auth.getUser().catch(() => undefined);
}

function syncRefreshWithVisibility(auth: PageAuthClient['auth']): void {
  // Refresh on a timer only while the tab is visible; becoming visible again checks the token at once,
  // and whether the session still exists on the server.
  if (document.visibilityState === 'visible') {
    void auth.startAutoRefresh();
    checkSessionOnServer(auth);
  } else void auth.stopAutoRefresh();
}

/** Starts the store once: subscribes to auth events, reads the session (and any session in the URL). */
export function startAuth(): void {
  if (started) return;
  started = true;
  const stored = urlCarriesAuth(globalThis.location) ? null : readStoredSession();
  if (stored === null) {
    void startClient(null);
    return;
  }
  setState(fromSession(stored));
  const grace = new Promise<void>((resolve) => setTimeout(resolve, AUTH_CLIENT_GRACE_MS));
  void Promise.race([firstScreenRendered().then(afterIdle), grace]).then(() => startClient(stored));
}

/**
 * Loads the auth client, subscribes to its events and token refresh, and reads the session through it.
 * `signedInWith`: the stored session the page already shows; the client's answer replaces it only when it
 * differs (refreshed, or gone: signed out elsewhere), not on a read error (offline).
 */
async function startClient(signedInWith: Session | null): Promise<void> {
  const recoveryLink = urlSaysRecovery();
  let auth: PageAuthClient['auth'];
  try {
    auth = (await loadAuthClient()).auth;
  } catch (error) {
    // Without its code the client cannot answer; a page already signed in keeps its session.
    if (state.status === 'loading')
      setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
    return;
  }
  auth.onAuthStateChange(onAuthEvent);
  document.addEventListener('visibilitychange', () => syncRefreshWithVisibility(auth));
  syncRefreshWithVisibility(auth);
  const { data, error } = await auth.getSession();
  if (signedInWith !== null) {
    if (error !== null || accessTokenOf(state) !== signedInWith.access_token) return; // events answered
    if (data.session?.access_token !== signedInWith.access_token) {
      // The stored session could not be refreshed: it ended on the server (another device, expiry).
      if (data.session === null) sessionGone();
      setState(fromSession(data.session));
    }
    return;
  }
  if (state.status !== 'loading') return; // an event (recovery, sign-in) already answered
  if (error !== null && data.session === null && !isMissingSession(error.message)) {
    setState({ status: 'error', message: error.message });
    return;
  }
  setState(fromSession(data.session, recoveryLink));
}

function isMissingSession(message: string): boolean {
  return /session|expired|invalid|not found/i.test(message);
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Calls `cb` with the current access token now and whenever it changes (null when signed out). */
export function onAccessToken(cb: TokenListener): () => void {
  tokenListeners.add(cb);
  cb(accessTokenOf(state));
  return () => tokenListeners.delete(cb);
}

/** After the new password is saved, a recovery session becomes an ordinary one. */
export function endRecovery(): void {
  if (state.status === 'recovery') setState({ ...state, status: 'signedIn' });
}
