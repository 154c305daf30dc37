/**
 * Where the app finds its Supabase backend.
 *
 * A build for hosted Supabase sets VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY. Without them (npm start,
 * npm run dev, the end-to-end tests) the app talks to its own origin, whose server forwards the Supabase
 * paths to the local emulator (vite.config.ts), with the emulator's well-known local anon key.
 */

/** The anon key of a local stack: signed with the Supabase CLI's public demo secret, not a secret. */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicmVmIjoic3BvdHRlci1sb2NhbCIsInJvbGUiOiJhbm9uIiwiaWF0IjoxNzAwMDAwMDAwLCJleHAiOjIwMDAwMDAwMDB9.i8WAX4hhwj4lKfI8Kr1XKTNrHsMOWlV5A7Crc50ASPE';

/** Sent as X-Client-Info on every call (spec point 7). */
export const CLIENT_INFO = 'spotter-web/1.0.0';

export interface BackendConfig {
  url: string;
  anonKey: string;
}

export function backendConfig(origin: string = globalThis.location.origin): BackendConfig {
  const env = import.meta.env as Record<string, string | undefined>;
  return {
    url: env.VITE_SUPABASE_URL || origin,
    anonKey: env.VITE_SUPABASE_ANON_KEY || LOCAL_ANON_KEY,
  };
}
