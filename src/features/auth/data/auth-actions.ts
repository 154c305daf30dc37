// The auth calls of spec point 7, each answering with a value: the page decides what to show. Expected
// failures (wrong password, unverified e-mail, a server refusal) come back as `{ ok: false }`.
import type { AuthError } from '@supabase/supabase-js';
import { normalizeEmail } from '@/domain/validation';
import { getAuthClient } from '@/lib/auth/auth-client';
import { setRememberMe } from '@/lib/auth/auth-storage';
import { clearSessionEndedNotice } from '@/lib/auth/session-ended';
import { endRecovery } from '@/lib/auth/session-store';
import { setLoginAnimationFlag } from '@/lib/login-animation-flag';

export type AuthFailure =
  | { ok: false; kind: 'invalidCredentials'; message: string }
  | { ok: false; kind: 'unverified'; message: string }
  | { ok: false; kind: 'server'; message: string };
export type AuthResult = { ok: true } | AuthFailure;

function failure(error: AuthError): AuthFailure {
  if (error.code === 'invalid_credentials')
    return { ok: false, kind: 'invalidCredentials', message: error.message };
  if (error.code === 'email_not_confirmed') return { ok: false, kind: 'unverified', message: error.message };
  return { ok: false, kind: 'server', message: error.message };
}

const toResult = ({ error }: { error: AuthError | null }): AuthResult =>
  error === null ? { ok: true } : failure(error);

const appUrl = (path: string) => `${globalThis.location.origin}${path}`;

function timezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

export async function signIn(email: string, password: string, remember: boolean): Promise<AuthResult> {
  setRememberMe(remember);
  const result = toResult(
    await getAuthClient().auth.signInWithPassword({ email: normalizeEmail(email), password }),
  );
  if (result.ok) {
    // The shell shows the login animation once the profile is there (src/features/overlays).
    setLoginAnimationFlag();
    // Signed in again: a "you were signed out" notice has been answered.
    clearSessionEndedNotice();
  }
  return result;
}

export async function signInWithProvider(provider: 'google' | 'apple'): Promise<AuthResult> {
  setRememberMe(true);
  // Set before the redirect: the flag waits in this tab's session storage for the return to /home.
  setLoginAnimationFlag();
  return toResult(
    await getAuthClient().auth.signInWithOAuth({ provider, options: { redirectTo: appUrl('/home') } }),
  );
}

/** A sign-up's answer: `signedIn` when the project confirms without an e-mail (the answer carries a session). */
export type SignUpResult = { ok: true; signedIn: boolean } | AuthFailure;

/** `data` becomes user_metadata; the profile trigger takes the username (or first name) from it. */
export async function signUp(
  email: string,
  password: string,
  data: Record<string, string>,
): Promise<SignUpResult> {
  const tz = timezone();
  const { data: answer, error } = await getAuthClient().auth.signUp({
    email: normalizeEmail(email),
    password,
    options: {
      emailRedirectTo: appUrl('/home'),
      data: { ...data, ...(tz === undefined ? {} : { timezone: tz }) },
    },
  });
  if (error !== null) return failure(error);
  // With e-mail confirmation off (a hosted project's choice, `npm start -- --autoconfirm`) no mail is
  // sent and the user is signed in at once: telling them to check their inbox would be wrong.
  return { ok: true, signedIn: answer.session !== null };
}

export async function resendVerification(email: string): Promise<AuthResult> {
  return toResult(
    await getAuthClient().auth.resend({
      type: 'signup',
      email: normalizeEmail(email),
      options: { emailRedirectTo: appUrl('/home') },
    }),
  );
}

export async function sendPasswordReset(email: string): Promise<AuthResult> {
  return toResult(
    await getAuthClient().auth.resetPasswordForEmail(normalizeEmail(email), {
      redirectTo: appUrl('/reset-password'),
    }),
  );
}

export async function updatePassword(password: string): Promise<AuthResult> {
  const result = toResult(await getAuthClient().auth.updateUser({ password }));
  if (result.ok) endRecovery();
  return result;
}

// The one sign-out lives in src/lib/auth (Settings and the shell use it too).
export { signOut } from '@/lib/auth/sign-out';
