// A supabase-js client for the few page features that call PostgREST themselves (push subscriptions in
// settings); everything else goes through RxDB and the sync worker. It carries the page's session: its
// `accessToken` option reads the auth client's current token (so this client has no auth of its own and
// never refreshes or stores a session). Imported only by lazy feature chunks, never the first screen.
import { createClient } from '@supabase/supabase-js';
import type { Database, DatabaseClient } from '@/db/database';
import { CLIENT_INFO } from '@/domain/constants';
import { backendConfig } from '@/lib/backend-config';
import { getAuthClient } from './auth-client';

let client: DatabaseClient | undefined;

export function getDataClient(): DatabaseClient {
  if (client !== undefined) return client;
  const { url, anonKey } = backendConfig();
  client = createClient<Database>(url, anonKey, {
    global: { headers: { 'X-Client-Info': CLIENT_INFO } },
    accessToken: async () => {
      const { data } = await getAuthClient().auth.getSession();
      return data.session?.access_token ?? null;
    },
  });
  return client;
}
