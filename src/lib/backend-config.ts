/**
 * Where the app finds its Supabase backend.
 *
 * A build for hosted Supabase sets VITE_SUPABASE_URL and its key (backend-env.ts; the build refuses one
 * without the other). Without them (npm start, npm run dev, the end-to-end tests) the app talks to its own
 * origin, whose server forwards the Supabase paths to the local emulator (vite.config.ts), with the
 * emulator's well-known local anon key.
 */
import { readBackendEnv } from './backend-env';

/** The anon key of a local stack: signed with the Supabase CLI's public demo secret, not a secret. */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicmVmIjoic3BvdHRlci1sb2NhbCIsInJvbGUiOiJhbm9uIiwiaWF0IjoxNzAwMDAwMDAwLCJleHAiOjIwMDAwMDAwMDB9.i8WAX4hhwj4lKfI8Kr1XKTNrHsMOWlV5A7Crc50ASPE';

export interface BackendConfig {
  url: string;
  anonKey: string;
}

export function backendConfig(origin: string = globalThis.location.origin): BackendConfig {
  const backend = readBackendEnv(import.meta.env);
  if (backend.kind === 'local') return { url: origin, anonKey: LOCAL_ANON_KEY };
  return { url: backend.url, anonKey: backend.key };
}
