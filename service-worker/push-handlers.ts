/**
 * Web Push in the service worker. Owns the `push` event (shows the notification the server sent and puts
 * its unread count on the app icon),
 * `notificationclick` (focuses an open Spotter window and takes it to the notification's link, else
 * opens one there) and `pushsubscriptionchange` (re-subscribes and tells the server the new endpoint,
 * subscription-change.ts). Imported once by sw.ts.
 */
import { pushDisplay, readPushPayload, safeAppPath, showAppBadge } from './push-message';
import { QueueDb } from './queue-db';
import { handleSubscriptionChange } from './subscription-change';

declare const self: ServiceWorkerGlobalScope;

self.addEventListener('push', (event) => {
  const { title, options, badge } = pushDisplay(readPushPayload(event.data));
  event.waitUntil(
    Promise.all([self.registration.showNotification(title, options), showAppBadge(self.navigator, badge)]),
  );
});

async function openApp(path: string): Promise<void> {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const existing = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (existing) {
    const focused = await existing.focus();
    if (focused.url !== target) await focused.navigate(target).catch(() => null);
    return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openApp(safeAppPath(data?.url)));
});

self.addEventListener('pushsubscriptionchange', (event) => {
  const db = new QueueDb(self.indexedDB);
  const old = event.oldSubscription;
  event.waitUntil(
    db
      .readSession()
      .catch(() => null)
      .then((session) =>
        handleSubscriptionChange({
          oldEndpoint: old?.endpoint ?? null,
          oldKey: old?.options.applicationServerKey ?? null,
          newSubscription: event.newSubscription,
          vapidPublicKey: __SPOTTER_VAPID_PUBLIC_KEY__,
          subscribe: (applicationServerKey) =>
            self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }),
          session,
          supabaseUrl: __SPOTTER_SUPABASE_URL__ || self.location.origin,
          apiKey: __SPOTTER_SUPABASE_KEY__,
          clientInfo: 'spotter-web/1.0.0',
          userAgent: self.navigator.userAgent,
          fetch: (request) => fetch(request),
          newId: () => crypto.randomUUID(),
          now: () => Date.now(),
          leaveForPage: (renewal) => db.writePushRenewal(renewal),
        }),
      ),
  );
});
