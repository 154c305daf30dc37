// The worker's supabase-js client. The access token comes from the page (`getToken`), so supabase-js
// neither stores a session nor refreshes one: the page is the only refresh-token owner.
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type { Database, DatabaseClient } from '../../src/db/database';
import { REALTIME_EVENTS_PER_SECOND } from '../../src/domain/constants';
import { CLIENT_INFO } from '../../src/lib/backend-config';

type RealtimeOptions = NonNullable<SupabaseClientOptions<'public'>['realtime']>;

export interface SyncClientOptions {
  url: string;
  anonKey: string;
  getToken: () => string | null;
  /** A WebSocket implementation where the runtime has none (Node 20 in tests). */
  transport?: RealtimeOptions['transport'];
  fetch?: typeof fetch;
}

export function createSyncClient(options: SyncClientOptions): DatabaseClient {
  const realtime: RealtimeOptions = {
    params: { eventsPerSecond: REALTIME_EVENTS_PER_SECOND },
    ...(options.transport ? { transport: options.transport } : {}),
  };
  return createClient<Database>(options.url, options.anonKey, {
    // Requests without a token go out with the anon key (supabase-js's fallback); the gate keeps the
    // replication from sending any.
    accessToken: async () => options.getToken(),
    global: {
      headers: { 'X-Client-Info': CLIENT_INFO },
      ...(options.fetch ? { fetch: options.fetch } : {}),
    },
    realtime,
  });
}
