/**
 * Shared pieces of the storage suites: tiny real images, and users signed in with an access token
 * minted by the emulator's keys (as GoTrue would), each with a real supabase-js client.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { insertAuthUser } from '../../../support/engines';
import { createTestClient } from '../../../support/emulator';
import type { Emulator } from '../../../../supabase/emulator/src/start-emulator';

/** A valid 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A valid 1x1 lossless WebP (what the app's resize writes). */
export const WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** A valid 1x1 GIF (the avatars bucket no longer takes it). */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export interface TestUser {
  id: string;
  token: string;
  client: SupabaseClient;
}

export async function signedInUser(emulator: Emulator): Promise<TestUser> {
  const id = await insertAuthUser(emulator.engine);
  const token = await emulator.context.keys.signAccessToken(
    { sub: id, role: 'authenticated', aud: 'authenticated', aal: 'aal1' },
    3600,
  );
  return { id, token, client: createTestClient(emulator, { accessToken: token }) };
}

/** Raw fetch against `/storage/v1` with the given bearer (anon key when absent). */
export function storageFetch(
  emulator: Emulator,
  path: string,
  init: RequestInit & { bearer?: string | null } = {},
): Promise<Response> {
  const { bearer, headers, ...rest } = init;
  const all = new Headers(headers);
  if (bearer !== null) {
    all.set('apikey', emulator.status.ANON_KEY);
    all.set('authorization', `Bearer ${bearer ?? emulator.status.ANON_KEY}`);
  }
  return fetch(`${emulator.url}/storage/v1${path}`, { ...rest, headers: all });
}
