// The page's one supabase-js client, for auth only (data goes through RxDB and the sync worker). Created on
// first use; modules that import this are lazy chunks, never the landing page's bundle.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { backendConfig, CLIENT_INFO } from '@/lib/backend-config';
import { authStorage } from './auth-storage';
import { AUTH_STORAGE_KEY } from './storage-key';

let client: SupabaseClient | undefined;

export function getAuthClient(): SupabaseClient {
  if (client !== undefined) return client;
  const { url, anonKey } = backendConfig();
  client = createClient(url, anonKey, {
    global: { headers: { 'X-Client-Info': CLIENT_INFO } },
    auth: {
      // Implicit flow: e-mail links carry the session in the URL fragment, so a link opened in another
      // browser than the one that asked for it still signs in (PKCE would need the stored code verifier).
      flowType: 'implicit',
      persistSession: true,
      // Refresh is driven by session-store.ts: on a timer while the tab is visible, paused while hidden.
      autoRefreshToken: false,
      detectSessionInUrl: true,
      storageKey: AUTH_STORAGE_KEY,
      storage: authStorage,
    },
  });
  return client;
}
