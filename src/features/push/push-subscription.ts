/**
 * Turning Web Push on and off for this device:
 * - on: ask for permission, subscribe through the service worker's pushManager for the app's VAPID
 *   key, store the subscription in `push_subscriptions` (REST as the signed-in user; RLS lets only the
 *   owner read, change or delete it), then set user_settings.push_enabled (synced like every setting);
 * - off: delete this device's row, unsubscribe, and clear push_enabled.
 * A subscription this browser already holds is reused only if it is stored as mine; otherwise (another
 * account used this browser, or an old key) it is replaced, and the push sender drops the old row when
 * its push service answers 410.
 */
import type { DatabaseClient } from '@/db/database';
import { newId, type CommandContext } from '@/db/commands/context';
import { updateSettings } from '@/db/commands/settings';
import { applicationServerKey, vapidPublicKey } from './vapid';

export type PushChangeResult =
  | { ok: true; enabled: boolean }
  | { ok: false; reason: 'denied' | 'dismissed' | 'unsupported' | 'offline' | 'failed' | 'refused' };

/**
 * The server refuses an endpoint that is not https on a public host (SPP01, migration 20261127020000).
 * Real browsers' push services never hand one out; a browser set up with a private push service does.
 */
export const ENDPOINT_REFUSED = 'SPP01';

export interface PushDeps {
  client: DatabaseClient;
  ctx: CommandContext;
  /** The service worker registration, or null when the page has none (dev server, blocked). */
  registration: () => Promise<ServiceWorkerRegistration | null>;
  notification?: Pick<typeof Notification, 'permission' | 'requestPermission'>;
  online?: () => boolean;
  userAgent?: string;
}

const REGISTRATION_WAIT_MS = 5_000;

/** The active registration of /sw.js, waiting briefly for a first install. */
export async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  if (!(await navigator.serviceWorker.getRegistration())) return null;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), REGISTRATION_WAIT_MS)),
  ]);
}

/** This device's subscription, if the browser has one. */
export async function currentSubscription(
  deps: Pick<PushDeps, 'registration'>,
): Promise<PushSubscription | null> {
  const registration = await deps.registration();
  return registration ? registration.pushManager.getSubscription() : null;
}

async function storedAsMine(client: DatabaseClient, endpoint: string): Promise<boolean> {
  const { data, error } = await client
    .from('push_subscriptions')
    .select('id')
    .eq('endpoint', endpoint)
    .limit(1);
  return !error && Array.isArray(data) && data.length > 0;
}

export async function enablePush(deps: PushDeps): Promise<PushChangeResult> {
  const notification = deps.notification ?? Notification;
  if (!(deps.online ?? (() => navigator.onLine))()) return { ok: false, reason: 'offline' };
  const permission =
    notification.permission === 'granted' ? 'granted' : await notification.requestPermission();
  if (permission === 'denied') return { ok: false, reason: 'denied' };
  if (permission !== 'granted') return { ok: false, reason: 'dismissed' };
  const registration = await deps.registration();
  if (!registration) return { ok: false, reason: 'unsupported' };

  let subscription: PushSubscription | null = null;
  let reason: 'failed' | 'refused' = 'failed';
  try {
    const existing = await registration.pushManager.getSubscription();
    if (existing && (await storedAsMine(deps.client, existing.endpoint))) {
      subscription = existing;
    } else {
      await existing?.unsubscribe();
      subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: applicationServerKey(vapidPublicKey()),
      });
      const { p256dh, auth } = subscription.toJSON().keys ?? {};
      // Both are NOT NULL on the server (the sender encrypts with them): without them the insert could
      // only fail, so stop here with the same outcome.
      if (!p256dh || !auth) throw new Error('the push subscription has no keys');
      const { error } = await deps.client.from('push_subscriptions').insert({
        id: newId(),
        user_id: deps.ctx.userId,
        endpoint: subscription.endpoint,
        p256dh,
        auth,
        user_agent: (deps.userAgent ?? navigator.userAgent).slice(0, 300),
      });
      if (error) {
        if (error.code === ENDPOINT_REFUSED) reason = 'refused';
        throw new Error(error.message);
      }
    }
  } catch (error) {
    console.warn('push: could not subscribe', error);
    await subscription?.unsubscribe().catch(() => false);
    return { ok: false, reason };
  }
  const saved = await updateSettings(deps.ctx, { push_enabled: true });
  return saved.ok ? { ok: true, enabled: true } : { ok: false, reason: 'failed' };
}

export async function disablePush(deps: PushDeps): Promise<PushChangeResult> {
  const subscription = await currentSubscription(deps).catch(() => null);
  if (subscription) {
    if (!(deps.online ?? (() => navigator.onLine))()) return { ok: false, reason: 'offline' };
    const { error } = await deps.client
      .from('push_subscriptions')
      .delete()
      .eq('endpoint', subscription.endpoint);
    if (error) {
      console.warn('push: could not remove the subscription', error);
      return { ok: false, reason: 'failed' };
    }
    await subscription.unsubscribe().catch(() => false);
  }
  const saved = await updateSettings(deps.ctx, { push_enabled: false });
  return saved.ok ? { ok: true, enabled: false } : { ok: false, reason: 'failed' };
}
