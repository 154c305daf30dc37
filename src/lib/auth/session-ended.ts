// Telling a sign-out the user asked for from a session that ended without them: signed out on another
// device with "sign out everywhere", a password change, or a refresh token the server no longer accepts.
// The first shows "Signed out successfully."; the second must say why on /login, where the user lands, and
// that this device's unsent changes are kept for the next sign-in (decisions.md, "Sign-out scope").
// Kept in sessionStorage: the notice survives the redirect and a reload, not the browser session.

const KEY = 'spotter:session-ended';

let signOutRequested = false;
/** The session just ended because the user asked, and no visitor page has been shown since. */
let leavingOnPurpose = false;

/** The user asked to sign out on this device: the coming SIGNED_OUT event is theirs. */
export function expectSignOut(): void {
  signOutRequested = true;
}

/** The sign-out the user asked for failed (offline): a later SIGNED_OUT is not theirs. */
export function signOutAbandoned(): void {
  signOutRequested = false;
}

/**
 * A signed-in page learnt that its session is gone. Returns whether the user asked for it; if not, the
 * session-ended notice is recorded for /login.
 */
export function sessionGone(): boolean {
  const requested = signOutRequested;
  signOutRequested = false;
  leavingOnPurpose = requested;
  if (!requested) {
    try {
      sessionStorage.setItem(KEY, '1');
    } catch {
      // Storage unavailable (private mode quota): the user still lands on /login, without the reason.
    }
  }
  return requested;
}

export function sessionEndedNoticePending(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

/** Read (closed) or answered by signing in again. */
export function clearSessionEndedNotice(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/**
 * Where a protected page sends a signed-out user: the landing page right after their own sign-out (the
 * page that signed out navigates there too; sending it to /login first raced that navigation, and under
 * load /login won), else /login.
 */
export function signedOutDestination(): '/' | '/login' {
  return leavingOnPurpose ? '/' : '/login';
}

/** A visitor page was shown after the sign-out: protected pages send the user to /login again. */
export function settleSignOut(): void {
  leavingOnPurpose = false;
}
