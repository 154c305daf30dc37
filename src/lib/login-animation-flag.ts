/**
 * The login-animation flag (spec point 2): set where a sign-in succeeds (src/features/auth), read and
 * cleared by the shell's overlays (src/features/overlays) once the profile is there. Lives in lib because
 * features never import each other. Session storage: the flag belongs to this tab's sign-in, survives
 * the OAuth redirect in the same tab, and never leaks into a later browser session.
 */
const FLAG_KEY = 'spotter.login-animation.pending';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null; // storage blocked: no animation, nothing breaks
  }
}

export function setLoginAnimationFlag(): void {
  try {
    storage()?.setItem(FLAG_KEY, '1');
  } catch {
    // quota or privacy mode: skip the animation
  }
}

export function hasLoginAnimationFlag(): boolean {
  try {
    return storage()?.getItem(FLAG_KEY) === '1';
  } catch {
    return false;
  }
}

export function clearLoginAnimationFlag(): void {
  try {
    storage()?.removeItem(FLAG_KEY);
  } catch {
    // nothing to clear
  }
}
