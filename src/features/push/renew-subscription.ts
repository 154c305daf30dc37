/**
 * The page's half of `pushsubscriptionchange` (service-worker/subscription-change.ts). When the browser
 * rotated the subscription while the worker had no usable session, the worker left a renewal in its
 * IndexedDB. On the next signed-in start the page removes the old endpoint's row and, if push is on for
 * the account and permission is still granted, subscribes this device again (enablePush: subscribe,
 * store). Then the renewal is cleared; offline or a failed write keep it for the next start.
 */
import type { QueueDb } from '@/lib/service-worker/queue-db';
import { enablePush, type PushDeps } from './push-subscription';

export type RenewalResult = 'none' | 'renewed' | 'dropped' | 'later';

export interface RenewDeps extends PushDeps {
  queueDb: Pick<QueueDb, 'readPushRenewal' | 'writePushRenewal'>;
  /** The account's push switch (user_settings.push_enabled, as this device knows it). */
  pushEnabled: () => Promise<boolean>;
}

export async function renewFlaggedSubscription(deps: RenewDeps): Promise<RenewalResult> {
  const renewal = await deps.queueDb.readPushRenewal();
  if (renewal === null) return 'none';
  if (!(deps.online ?? (() => navigator.onLine))()) return 'later';
  if (renewal.oldEndpoint !== null) {
    const { error } = await deps.client
      .from('push_subscriptions')
      .delete()
      .eq('endpoint', renewal.oldEndpoint);
    if (error) return 'later';
  }
  const notification = deps.notification ?? Notification;
  if (!(await deps.pushEnabled()) || notification.permission !== 'granted') {
    await deps.queueDb.writePushRenewal(null);
    return 'dropped';
  }
  const result = await enablePush(deps);
  if (!result.ok && (result.reason === 'offline' || result.reason === 'failed')) return 'later';
  await deps.queueDb.writePushRenewal(null);
  return result.ok ? 'renewed' : 'dropped';
}
