/**
 * The page's sync wiring, started once per page after the first sign-in. Owns its subscriptions only:
 * - every access-token change (session-store `onAccessToken`) goes to the sync worker (`onAuthChange`)
 *   and to the service worker's token store (queued writes replay with the freshest token);
 * - the service worker's QUEUE_NEEDS_TOKEN is answered with a refreshed session (`serveTokens`);
 * - while signed in, regaining focus with data older than 5 minutes asks the worker to resync, and the
 *   window's `online` event nudges it at once (a dedicated worker does not always get its own `online`
 *   event, e.g. under DevTools network emulation, and would then wait for its 60 s timer);
 * - a sign-out (or a switch to another user) stops the worker's session first, then hands the previous
 *   user to `onSignedOut` (local data hygiene, see docs/decisions.md "Sign-out and unsent writes").
 * Every dependency is injected so the wiring is tested with real parts in Node; `page-services.ts`
 * in src/app/user-data binds the real ones.
 */
import type { WorkerStatus } from '../../sync-worker/api';
import { refreshOnFocus, type FocusTarget } from './freshness';
import type { AuthSessionLike } from './sync-worker-client';

/** The fields of a supabase-js Session the wiring reads. */
export interface PageSession {
  access_token: string;
  expires_at?: number | undefined;
  user: { id: string };
}

export interface PageSyncClient {
  onAuthChange(session: AuthSessionLike | null): Promise<void>;
  syncNow(): Promise<void>;
  setOnline(online: boolean): Promise<void>;
  getStatus(): WorkerStatus;
}

export interface OnlineTarget {
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

export interface PageSyncDeps {
  client: PageSyncClient;
  /** session-store `onAccessToken`: called now and on every change; returns the unsubscribe. */
  onAccessToken(listener: (accessToken: string | null) => void): () => void;
  /** The session behind the current token (session-store `getAuthState`), or null. */
  currentSession(): PageSession | null;
  /** service-worker `storeSessionToken`. */
  storeToken(session: PageSession | null): Promise<void>;
  /** service-worker `serveTokensToWorker(refresh)`; returns the unsubscribe. */
  serveTokens(refresh: () => Promise<PageSession | null>): () => void;
  /** Refreshes the session (auth client), for a replay that got 401. */
  refreshSession(): Promise<PageSession | null>;
  /** After the worker stopped for `userId` (sign-out or another user signed in). */
  onSignedOut?(userId: string): Promise<void>;
  focusTarget?: FocusTarget;
  /** Where `online` fires (the window). */
  onlineTarget?: OnlineTarget;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
}

export interface PageSync {
  /** The signed-in user the wiring last saw, or null. */
  readonly userId: string | null;
  /** Resolves when every hand-over started so far has finished (tests, sign-out flows). */
  settled(): Promise<void>;
  stop(): void;
}

export function startPageSync(deps: PageSyncDeps): PageSync {
  const log = deps.log ?? ((message, error) => console.warn(`[sync] ${message}`, error));
  let userId: string | null = null;
  let stopWatching: (() => void) | null = null;
  // Hand-overs run in order: a sign-out's cleanup never overtakes the next sign-in's start.
  let chain: Promise<void> = Promise.resolve();
  const serially = (fn: () => Promise<void>) => {
    chain = chain.then(fn).catch((error: unknown) => log('token hand-over failed', error));
  };

  const lastSyncedAt = () => {
    const status = deps.client.getStatus();
    return status.state === 'running' ? status.lastSyncedAt : null;
  };

  const onToken = (accessToken: string | null) => {
    const session = accessToken === null ? null : deps.currentSession();
    const next = session?.user.id ?? null;
    const previous = userId;
    userId = next;
    if (next === null) {
      stopWatching?.();
      stopWatching = null;
    } else if (stopWatching === null) {
      const stopRefresh = refreshOnFocus({
        lastSyncedAt,
        syncNow: () => deps.client.syncNow(),
        ...(deps.focusTarget ? { target: deps.focusTarget } : {}),
        ...(deps.now ? { now: deps.now } : {}),
      });
      const onlineTarget = deps.onlineTarget ?? globalThis;
      // The worker hears the page's view of the network too (sync-worker/api.ts `setOnline`).
      const onOnline = () => void deps.client.setOnline(true).then(() => deps.client.syncNow());
      const onOffline = () => void deps.client.setOnline(false);
      onlineTarget.addEventListener('online', onOnline);
      onlineTarget.addEventListener('offline', onOffline);
      stopWatching = () => {
        stopRefresh();
        onlineTarget.removeEventListener('online', onOnline);
        onlineTarget.removeEventListener('offline', onOffline);
      };
    }
    serially(async () => {
      if (session === null || accessToken === null) {
        await deps.client.onAuthChange(null);
        await deps.storeToken(null);
      } else {
        // Another user: the worker switches sessions itself (it closes the old user's database).
        await deps.client.onAuthChange({ userId: session.user.id, accessToken });
        await deps.storeToken({ ...session, access_token: accessToken });
      }
      if (previous !== null && previous !== next) await deps.onSignedOut?.(previous);
    });
  };

  const stopTokens = deps.onAccessToken(onToken);
  const stopServing = deps.serveTokens(() => deps.refreshSession());

  return {
    get userId() {
      return userId;
    },
    settled: () => chain,
    stop() {
      stopTokens();
      stopServing();
      stopWatching?.();
      stopWatching = null;
    },
  };
}
