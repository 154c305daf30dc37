/**
 * Stores the signed-in session's access token where the service worker reads it (IndexedDB `spotter-sw`,
 * store `session`), so queued writes replay with the freshest token. Call it on every auth change
 * (SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED with a session; SIGNED_OUT with null). The worker never
 * refreshes tokens itself. A new token also asks the worker to replay writes that waited for it. After a
 * sign-out the worker keeps the user's queued writes and sends them when that user signs in again.
 */
import { QueueDb } from '../../../service-worker/queue-db';
import { requestReplay, subscribeToWriteQueue } from './write-queue';

/** The fields of a supabase-js Session this needs. */
export interface SessionTokens {
  access_token: string;
  /** Seconds since the epoch. */
  expires_at?: number | undefined;
  user: { id: string };
}

export async function storeSessionToken(
  session: SessionTokens | null,
  options: { db?: QueueDb; now?: () => number; replay?: () => unknown } = {},
): Promise<void> {
  const db = options.db ?? new QueueDb();
  const now = (options.now ?? Date.now)();
  await db.writeSession(
    session === null
      ? { userId: null, signedOutAt: now }
      : {
          userId: session.user.id,
          accessToken: session.access_token,
          expiresAt: session.expires_at ?? null,
          updatedAt: now,
        },
  );
  // Not awaited: an auth callback must not wait for a replay pass.
  if (session !== null) void (options.replay ?? requestReplay)();
}

export const TOKEN_REQUEST_COOLDOWN_MS = 30_000;

/**
 * Answers the worker's QUEUE_NEEDS_TOKEN (a replay got 401 and no fresher token is stored): refreshes the
 * session with `refresh` (e.g. supabase.auth.refreshSession) and stores it, which asks for a replay. One
 * refresh at a time and at most one per 30 s, so a server that keeps refusing cannot cause a storm.
 * Returns the unsubscribe.
 */
export function serveTokensToWorker(
  refresh: () => Promise<SessionTokens | null>,
  options: {
    subscribe?: typeof subscribeToWriteQueue;
    store?: (session: SessionTokens | null) => Promise<void>;
    now?: () => number;
  } = {},
): () => void {
  const now = options.now ?? Date.now;
  const store = options.store ?? ((session) => storeSessionToken(session));
  let inFlight = false;
  let lastAt = Number.NEGATIVE_INFINITY;
  return (options.subscribe ?? subscribeToWriteQueue)((message) => {
    if (message.type !== 'QUEUE_NEEDS_TOKEN' || inFlight || now() - lastAt < TOKEN_REQUEST_COOLDOWN_MS)
      return;
    inFlight = true;
    lastAt = now();
    void refresh()
      .then(async (session) => {
        // Signed out meanwhile, or another user: the worker keeps that user's writes for later.
        if (session !== null && (message.userId === null || session.user.id === message.userId)) {
          await store(session);
        }
      })
      .catch((error: unknown) => console.warn('[service worker] token refresh for replay failed', error))
      .finally(() => {
        inFlight = false;
      });
  });
}
