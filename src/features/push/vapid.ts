/**
 * The VAPID public key push subscriptions are made for. A build for hosted Supabase sets
 * VITE_VAPID_PUBLIC_KEY (the public half of the key pair the push edge function signs with; required
 * there, src/lib/backend-env.ts); a local build uses the emulator's fixed development key
 * (supabase/emulator/src/push/vapid.ts; a test guards that the two stay equal). Not a secret: only the
 * private half signs.
 */
import { readBackendEnv } from '@/lib/backend-env';

export const LOCAL_VAPID_PUBLIC_KEY =
  'BLAXARheIgFIV4NWH7WtiSvJhT9FIVtdUZxE98sB5fD0hRedpoON8EmfyhJUr3J_WRKEiWQnose7AAhD-BxOZVE';

export function vapidPublicKey(): string {
  const backend = readBackendEnv(import.meta.env);
  return backend.kind === 'hosted' ? backend.vapidPublicKey : LOCAL_VAPID_PUBLIC_KEY;
}

/** The key as pushManager.subscribe wants it (bytes of the base64url text). */
export function applicationServerKey(key: string = vapidPublicKey()): Uint8Array<ArrayBuffer> {
  const base64 = key.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
