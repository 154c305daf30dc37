/**
 * Stores the signed-in session's access token where the service worker reads it (IndexedDB `spotter-sw`,
 * store `session`), so queued writes replay with the freshest token. Call it on every auth change
 * (SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED with a session; SIGNED_OUT with null). The worker never
 * refreshes tokens itself. A new token also asks the worker to replay writes that waited for it.
 */
import { QueueDb } from '../../../service-worker/queue-db';
import { requestReplay } from './write-queue';

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
  await db.writeSession(
    session === null
      ? null
      : {
          userId: session.user.id,
          accessToken: session.access_token,
          expiresAt: session.expires_at ?? null,
          updatedAt: (options.now ?? Date.now)(),
        },
  );
  // Not awaited: an auth callback must not wait for a replay pass.
  if (session !== null) void (options.replay ?? requestReplay)();
}
