import { getAuthClient } from '@/lib/auth/auth-client';

/** Signs out (spec point 7); the server's message on failure (spec point 8: auth failures show it). */
export async function signOut(): Promise<{ ok: true } | { ok: false; message: string }> {
  const { error } = await getAuthClient().auth.signOut();
  return error === null ? { ok: true } : { ok: false, message: error.message };
}
