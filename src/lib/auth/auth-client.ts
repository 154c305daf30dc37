// The page's one auth client (data goes through RxDB and the sync worker). Created on first use; modules
// that import this are lazy chunks, never the landing page's bundle.
//
// It is supabase-js's own auth client (`@supabase/auth-js` GoTrueClient, the class supabase-js's `createClient`
// instantiates), built with the options and headers `createClient` would give it, without the REST,
// realtime, storage and functions clients the page does not use (about 27 KB gzipped of the first
// signed-in screen). The rare page feature that needs PostgREST directly uses data-client.ts.
import { GoTrueClient } from '@supabase/auth-js';
import { CLIENT_INFO } from '@/domain/constants';
import { backendConfig } from '@/lib/backend-config';
import { authStorage } from './auth-storage';
import { AUTH_STORAGE_KEY } from './storage-key';

/** What the page uses of a supabase-js client: `.auth` (its type is supabase-js's auth client). */
export interface PageAuthClient {
  auth: GoTrueClient;
}

let client: PageAuthClient | undefined;

export function getAuthClient(): PageAuthClient {
  if (client !== undefined) return client;
  const { url, anonKey } = backendConfig();
  const auth = new GoTrueClient({
    url: `${url.replace(/\/+$/, '')}/auth/v1`,
    // As createClient sends them: the anon key, and our X-Client-Info in place of supabase-js's default.
    headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey, 'X-Client-Info': CLIENT_INFO },
    // Implicit flow: e-mail links carry the session in the URL fragment, so a link opened in another
    // browser than the one that asked for it still signs in (PKCE would need the stored code verifier).
    flowType: 'implicit',
    persistSession: true,
    // Refresh is driven by session-store.ts: on a timer while the tab is visible, paused while hidden.
    autoRefreshToken: false,
    detectSessionInUrl: true,
    storageKey: AUTH_STORAGE_KEY,
    storage: authStorage,
  });
  client = { auth };
  return client;
}
