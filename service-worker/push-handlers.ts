/**
 * Web Push in the service worker. Owns the `push` event (shows the notification the server sent) and
 * `notificationclick` (focuses an open Spotter window and takes it to the notification's link, else
 * opens one there). Imported once by sw.ts.
 */
import { pushDisplay, readPushPayload, safeAppPath } from './push-message';

declare const self: ServiceWorkerGlobalScope;

self.addEventListener('push', (event) => {
  const { title, options } = pushDisplay(readPushPayload(event.data));
  event.waitUntil(self.registration.showNotification(title, options));
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
