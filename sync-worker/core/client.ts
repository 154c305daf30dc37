// The worker's supabase-js client. The access token comes from the page (`getToken`), so supabase-js
// neither stores a session nor refreshes one: the page is the only refresh-token owner.
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { Database, DatabaseClient } from '../../src/db/database';
import { parseRetryAfter, RETRY_AFTER_STATUSES } from '../../src/domain/backoff';
import { REALTIME_EVENTS_PER_SECOND, RETRY_AFTER_MAX_MS } from '../../src/domain/constants';
import { CLIENT_INFO } from '../../src/domain/constants';

type RealtimeOptions = NonNullable<SupabaseClientOptions<'public'>['realtime']>;

export interface SyncClientOptions {
  url: string;
  anonKey: string;
  getToken: () => string | null;
  /** A WebSocket implementation where the runtime has none (Node 20 in tests). */
  transport?: RealtimeOptions['transport'];
  fetch?: typeof fetch;
  /**
   * A 429 or 503 said Retry-After (ms, capped): the session's gate pauses every request that long.
   * supabase-js hands back no headers, so the client's fetch reads them on the way.
   */
  onRetryAfter?: (ms: number) => void;
  /** The cap on an honoured Retry-After (RETRY_AFTER_MAX_MS; tests shorten it). */
  retryAfterMaxMs?: number;
}

/** `base` that reports the Retry-After of 429 and 503 answers before handing them on. */
export function retryAfterFetch(
  base: typeof fetch,
  onRetryAfter: (ms: number) => void,
  maxMs: number = RETRY_AFTER_MAX_MS,
): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (RETRY_AFTER_STATUSES.has(response.status)) {
      const ms = parseRetryAfter(response.headers.get('retry-after'), Date.now(), maxMs);
      if (ms !== null) onRetryAfter(ms);
    }
    return response;
  };
}

export function createSyncClient(options: SyncClientOptions): DatabaseClient {
  const realtime: RealtimeOptions = {
    params: { eventsPerSecond: REALTIME_EVENTS_PER_SECOND },
    ...(options.transport ? { transport: options.transport } : {}),
  };
  const base = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const fetch = options.onRetryAfter
    ? retryAfterFetch(base, options.onRetryAfter, options.retryAfterMaxMs)
    : options.fetch;
  return createClient<Database>(options.url, options.anonKey, {
    // Requests without a token go out with the anon key (supabase-js's fallback); the gate keeps the
    // replication from sending any.
    accessToken: async () => options.getToken(),
    global: {
      headers: { 'X-Client-Info': CLIENT_INFO },
      ...(fetch ? { fetch } : {}),
    },
    realtime,
  });
}
