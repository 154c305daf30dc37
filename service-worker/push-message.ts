/**
 * What a Web Push from Spotter's server carries (the send-push Edge Function,
 * supabase/functions/_shared/push-message.ts): `{ id, type, title, body, url }` as JSON. A payload that
 * is missing or malformed still shows a notification (a push must always show one, or the browser shows
 * its own), with the app's name and the notifications page as its target.
 */
export interface PushDisplay {
  title: string;
  options: NotificationOptions & { data: { url: string; id: string | null } };
}

const FALLBACK_TITLE = 'Spotter';
const FALLBACK_URL = '/notifications';

/** Only same-origin app paths: a push must not be able to send the user anywhere else. */
export function safeAppPath(url: unknown): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return FALLBACK_URL;
  return url;
}

export function pushDisplay(payload: unknown): PushDisplay {
  const record = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const id = text(record.id) ?? null;
  return {
    title: text(record.title) ?? FALLBACK_TITLE,
    options: {
      body: text(record.body) ?? '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      // One entry per notification: a repeated delivery replaces instead of stacking.
      ...(id === null ? {} : { tag: id }),
      data: { url: safeAppPath(record.url), id },
    },
  };
}

/** Reads the push's JSON; null when there is none or it is not JSON. */
export function readPushPayload(data: { json(): unknown } | null): unknown {
  if (data === null) return null;
  try {
    return data.json();
  } catch {
    return null;
  }
}
