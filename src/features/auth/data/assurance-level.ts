// Whether a session still owes its sign-in code (spec point 6), read from the session alone: the
// protected routes' guard asks on every signed-in screen, without loading the auth client.
import type { Session } from '@supabase/supabase-js';

/** The `aal` claim of an access token (its payload is base64url JSON), or null when unreadable. */
export function assuranceLevelOf(accessToken: string): string | null {
  const payload = accessToken.split('.')[1];
  if (payload === undefined) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      aal?: unknown;
    };
    return typeof claims.aal === 'string' ? claims.aal : null;
  } catch {
    return null;
  }
}

/** The verified authenticator-app factor the code is checked against, if the account has one. */
export function verifiedTotpFactorId(session: Session): string | null {
  const factor = (session.user.factors ?? []).find(
    (candidate) => candidate.factor_type === 'totp' && candidate.status === 'verified',
  );
  return factor?.id ?? null;
}

/** True while the session still has to pass the code step before entering the app. */
export function needsSecondFactor(session: Session): boolean {
  return verifiedTotpFactorId(session) !== null && assuranceLevelOf(session.access_token) !== 'aal2';
}
