// Where the auth session lives in Web Storage. Kept free of supabase-js so the landing page can ask
// "is somebody signed in here?" without loading the auth client.

/** The supabase-js storage key of the session (one key, not the per-project default). */
export const AUTH_STORAGE_KEY = 'spotter-auth';

/**
 * Set in sessionStorage when the user signed in with "remember me" off: the session is then written to
 * sessionStorage and ends with the browser session. The flag itself lives there too, so it ends with it.
 */
export const SESSION_ONLY_FLAG = 'spotter-auth-session-only';

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    // Storage can be unavailable (privacy modes, sandboxed frames): treat as empty.
    return null;
  }
}

/** A stored session exists (it may be expired: the `_app` guard verifies it). */
export function hasStoredSession(): boolean {
  return (
    read(() => globalThis.localStorage, AUTH_STORAGE_KEY) !== null ||
    read(() => globalThis.sessionStorage, AUTH_STORAGE_KEY) !== null
  );
}
