/**
 * Which backend a build talks to, from its VITE_ variables. Shared by the app (backend-config.ts,
 * vapid.ts) and the build (vite.config.ts), so that a build meant for hosted Supabase with a key missing
 * fails at build time with a clear message instead of shipping the local stack's demo keys.
 *
 * - None of VITE_SUPABASE_URL, a key or VITE_VAPID_PUBLIC_KEY: the local stack (npm start, the tests).
 * - VITE_SUPABASE_URL: a hosted project. It then needs its API key, VITE_SUPABASE_PUBLISHABLE_KEY
 *   (`sb_publishable_…`) or the legacy VITE_SUPABASE_ANON_KEY, and VITE_VAPID_PUBLIC_KEY (the public half of
 *   the key pair the send-push function signs with).
 */
export type BackendEnv =
  { kind: 'local' } | { kind: 'hosted'; url: string; key: string; vapidPublicKey: string };

type Env = Record<string, string | undefined>;

export class BackendEnvError extends Error {
  override name = 'BackendEnvError';
}

const set = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export function readBackendEnv(env: Env): BackendEnv {
  const url = set(env.VITE_SUPABASE_URL);
  const key = set(env.VITE_SUPABASE_PUBLISHABLE_KEY) ?? set(env.VITE_SUPABASE_ANON_KEY);
  const vapid = set(env.VITE_VAPID_PUBLIC_KEY);
  if (url === null) {
    if (key === null && vapid === null) return { kind: 'local' };
    throw new BackendEnvError(
      'A Supabase key or VAPID key is set but VITE_SUPABASE_URL is not: set the project URL ' +
        '(https://<ref>.supabase.co) too, or none of them for the local stack.',
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BackendEnvError(`VITE_SUPABASE_URL is not a URL: ${JSON.stringify(url)}`);
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback)) {
    throw new BackendEnvError(`VITE_SUPABASE_URL must be https (http only on localhost): ${url}`);
  }
  if (key === null || vapid === null) {
    const missing = [
      key === null ? 'VITE_SUPABASE_PUBLISHABLE_KEY (or the legacy VITE_SUPABASE_ANON_KEY)' : null,
      vapid === null ? 'VITE_VAPID_PUBLIC_KEY' : null,
    ].filter((m) => m !== null);
    throw new BackendEnvError(
      `VITE_SUPABASE_URL is set, so this build is for a hosted project, but ${missing.join(' and ')} ` +
        `${missing.length > 1 ? 'are' : 'is'} missing. See the README's deploy section; the build never ` +
        'falls back to the local demo keys.',
    );
  }
  return { kind: 'hosted', url: url.replace(/\/+$/, ''), key, vapidPublicKey: vapid };
}
