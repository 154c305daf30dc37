// The storage adapter the auth client writes its session through. "Remember me" on (the default, and every
// e-mail link or OAuth return): localStorage. Off: sessionStorage, so the session ends with the browser
// session. Reads look at both, so a session written in either mode is found.
import type { SupportedStorage } from '@supabase/supabase-js';
import { SESSION_ONLY_FLAG } from './storage-key';

function safe(storage: () => Storage): Storage | undefined {
  try {
    return storage();
  } catch {
    return undefined;
  }
}

const local = () => safe(() => globalThis.localStorage);
const session = () => safe(() => globalThis.sessionStorage);

function sessionOnly(): boolean {
  return session()?.getItem(SESSION_ONLY_FLAG) === '1';
}

/** Chooses where the next sign-in keeps its session. Call before signing in. */
export function setRememberMe(remember: boolean): void {
  if (remember) session()?.removeItem(SESSION_ONLY_FLAG);
  else session()?.setItem(SESSION_ONLY_FLAG, '1');
}

export const authStorage: SupportedStorage = {
  getItem(key) {
    return (
      (sessionOnly() ? session() : local())?.getItem(key) ??
      local()?.getItem(key) ??
      session()?.getItem(key) ??
      null
    );
  },
  setItem(key, value) {
    const target = sessionOnly() ? session() : local();
    const other = sessionOnly() ? local() : session();
    other?.removeItem(key);
    target?.setItem(key, value);
  },
  removeItem(key) {
    local()?.removeItem(key);
    session()?.removeItem(key);
  },
};
