import { getAuthClient } from './auth-client';
import { expectSignOut, signOutAbandoned } from './session-ended';

export type SignOutScope = 'local' | 'global';

/**
 * Signs out this device only (`local`: the user's other devices keep their sessions), or every device of
 * the user (`global`, Settings' "Sign out everywhere"). Either way the user asked, so /login shows no
 * session-ended notice for it. This device's unsent writes stay for the next sign-in (page-services.ts).
 * The one sign-out of the app: the shell's menus, Settings and the auth forms all call it.
 */
export async function signOut(
  scope: SignOutScope = 'local',
): Promise<{ ok: true } | { ok: false; message: string }> {
  expectSignOut();
  const { error } = await getAuthClient().auth.signOut({ scope });
  if (error === null) return { ok: true };
  signOutAbandoned();
  return { ok: false, message: error.message };
}
