/**
 * The VAPID key pair the emulator signs Web Push requests with.
 *
 * By default a fixed development pair, like the demo JWT secret: a built app keeps its subscriptions
 * across emulator restarts and `--reset`, and the app's default public key (src/features/push/vapid.ts)
 * matches it without configuration (a test guards that the two stay equal). It is public, so it is
 * for local use only. `VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY` and `VAPID_SUBJECT` in the environment, or
 * the `push.vapid` option, replace it (then build the app with the same `VITE_VAPID_PUBLIC_KEY`).
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: URL the push service may contact. */
  subject: string;
}

export const LOCAL_VAPID_KEYS: VapidKeys = {
  publicKey: 'BLAXARheIgFIV4NWH7WtiSvJhT9FIVtdUZxE98sB5fD0hRedpoON8EmfyhJUr3J_WRKEiWQnose7AAhD-BxOZVE',
  privateKey: 'Fnwp8y08QTeWxiVsafgcSUhZusYz87_77M9QKBuiNfM',
  subject: 'mailto:push@spotter.local',
};

export function resolveVapidKeys(
  override: Partial<VapidKeys> | undefined,
  env: NodeJS.ProcessEnv = process.env,
): VapidKeys {
  const publicKey = override?.publicKey ?? env.VAPID_PUBLIC_KEY;
  const privateKey = override?.privateKey ?? env.VAPID_PRIVATE_KEY;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  return {
    publicKey: publicKey ?? LOCAL_VAPID_KEYS.publicKey,
    privateKey: privateKey ?? LOCAL_VAPID_KEYS.privateKey,
    subject: override?.subject ?? env.VAPID_SUBJECT ?? LOCAL_VAPID_KEYS.subject,
  };
}
