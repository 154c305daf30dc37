// Two-factor (TOTP) management for the settings page, through the auth client's MFA API (spec point 7,
// Factors). Every call answers with a value; failures carry an i18n key of the `settings` namespace.
import type { AuthError } from '@supabase/supabase-js';
import { getAuthClient } from '@/lib/auth/auth-client';

export interface TotpFactor {
  id: string;
  friendlyName: string;
  createdAt: string;
}

export interface TotpEnrolment {
  factorId: string;
  /** The otpauth:// URI the QR code encodes. */
  uri: string;
  /** The base32 secret, for typing into an app that cannot scan. */
  secret: string;
}

export type TwoFactorFailure = {
  ok: false;
  key:
    | 'twoFactor.errors.invalidCode'
    | 'twoFactor.errors.expired'
    | 'twoFactor.errors.needsRecentSignIn'
    | 'twoFactor.errors.generic'
    | 'twoFactor.offline';
  message: string;
};
export type TwoFactorResult<T> = { ok: true; value: T } | TwoFactorFailure;

/** Maps the auth server's MFA refusals (supabase-surface.md §1.5) to messages in the user's language. */
export function twoFactorFailure(error: AuthError): TwoFactorFailure {
  const message = error.message;
  switch (error.code) {
    case 'mfa_verification_failed':
      return { ok: false, key: 'twoFactor.errors.invalidCode', message };
    case 'mfa_challenge_expired':
      return { ok: false, key: 'twoFactor.errors.expired', message };
    case 'insufficient_aal':
      return { ok: false, key: 'twoFactor.errors.needsRecentSignIn', message };
    default:
      // supabase-js reports an unreachable server with status 0 (AuthRetryableFetchError).
      if (error.status === 0 || error.name === 'AuthRetryableFetchError') {
        return { ok: false, key: 'twoFactor.offline', message };
      }
      return { ok: false, key: 'twoFactor.errors.generic', message };
  }
}

const mfa = () => getAuthClient().auth.mfa;

/** My verified authenticator-app factors. */
export async function listTotpFactors(): Promise<TwoFactorResult<TotpFactor[]>> {
  const { data, error } = await mfa().listFactors();
  if (error !== null) return twoFactorFailure(error);
  return {
    ok: true,
    value: data.totp.map((factor) => ({
      id: factor.id,
      friendlyName: factor.friendly_name ?? '',
      createdAt: factor.created_at,
    })),
  };
}

/**
 * Starts adding an authenticator app: an unverified factor with its secret. Unverified leftovers of an
 * earlier, abandoned attempt are removed first (they would otherwise pile up against the server's limit).
 */
export async function startTotpEnrolment(friendlyName: string): Promise<TwoFactorResult<TotpEnrolment>> {
  const listed = await mfa().listFactors();
  if (listed.error !== null) return twoFactorFailure(listed.error);
  for (const factor of listed.data.all) {
    if (factor.factor_type === 'totp' && factor.status === 'unverified') {
      await mfa().unenroll({ factorId: factor.id });
    }
  }
  const { data, error } = await mfa().enroll({ factorType: 'totp', friendlyName });
  if (error !== null) return twoFactorFailure(error);
  return { ok: true, value: { factorId: data.id, uri: data.totp.uri, secret: data.totp.secret } };
}

/**
 * Verifies the first code of a new factor. On success the factor is verified and this session becomes
 * aal2 (the auth client stores the new session and the session store hands the token on).
 */
export async function confirmTotpEnrolment(factorId: string, code: string): Promise<TwoFactorResult<null>> {
  const { error } = await mfa().challengeAndVerify({ factorId, code });
  return error === null ? { ok: true, value: null } : twoFactorFailure(error);
}

/** Removes a factor (abandoned enrolment, or turning two-factor off: that needs an aal2 session). */
export async function removeFactor(factorId: string): Promise<TwoFactorResult<null>> {
  const { error } = await mfa().unenroll({ factorId });
  return error === null ? { ok: true, value: null } : twoFactorFailure(error);
}

/** A 6-digit code, spaces allowed (apps often show `123 456`). */
export function normalizeTotpCode(input: string): string | null {
  const digits = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}
