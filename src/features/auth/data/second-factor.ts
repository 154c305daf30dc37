// The sign-in code step (spec point 6: aal2 applies once a verified factor exists). A password sign-in of
// an account with a verified authenticator app gives an aal1 session; the app is entered only after a
// TOTP challenge raises it to aal2. Messages are keys of the `settings` namespace (shared with enrolment).
import type { AuthError, Session } from '@supabase/supabase-js';
import { getAuthClient } from '@/lib/auth/auth-client';
import { verifiedTotpFactorId } from './assurance-level';

export { assuranceLevelOf, needsSecondFactor, verifiedTotpFactorId } from './assurance-level';

export type SignInCodeResult =
  | { ok: true }
  | {
      ok: false;
      key:
        | 'twoFactor.errors.invalidCode'
        | 'twoFactor.errors.expired'
        | 'twoFactor.errors.codeFormat'
        | 'twoFactor.errors.generic'
        | 'twoFactor.offline';
      message: string;
    };

function failure(error: AuthError): SignInCodeResult {
  if (error.code === 'mfa_verification_failed')
    return { ok: false, key: 'twoFactor.errors.invalidCode', message: error.message };
  if (error.code === 'mfa_challenge_expired')
    return { ok: false, key: 'twoFactor.errors.expired', message: error.message };
  if (error.status === 0 || error.name === 'AuthRetryableFetchError')
    return { ok: false, key: 'twoFactor.offline', message: error.message };
  return { ok: false, key: 'twoFactor.errors.generic', message: error.message };
}

/**
 * Challenges the account's authenticator factor and verifies `code`. On success the auth client stores
 * the aal2 session and the session store moves on (MFA_CHALLENGE_VERIFIED), which lets the guard through.
 */
export async function verifySignInCode(session: Session, code: string): Promise<SignInCodeResult> {
  const digits = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(digits)) return { ok: false, key: 'twoFactor.errors.codeFormat', message: '' };
  const factorId = verifiedTotpFactorId(session);
  if (factorId === null) return { ok: true };
  const { error } = await getAuthClient().auth.mfa.challengeAndVerify({ factorId, code: digits });
  return error === null ? { ok: true } : failure(error);
}
