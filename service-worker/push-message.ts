/**
 * What a Web Push from Spotter's server carries (the send-push Edge Function,
 * supabase/functions/_shared/push-message.ts): `{ id, type, title, body, url, badge? }` as JSON (plus the
 * Declarative Web Push fields Safari reads without us, `web_push` and `notification`, not used here). A payload that
 * is missing or malformed still shows a notification (a push must always show one, or the browser shows
 * its own), with the app's name and the notifications page as its target.
 */
export interface PushDisplay {
  title: string;
  options: NotificationOptions & { data: { url: string; id: string | null } };
  /** The app icon's badge (unread notifications), or null when the push did not say. */
  badge: number | null;
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
  const badge =
    typeof record.badge === 'number' && Number.isSafeInteger(record.badge) && record.badge >= 0
      ? record.badge
      : null;
  return {
    badge,
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

/** The Badging API where the browser has it (installed apps on Chromium, Safari 16.4+); else nothing. */
export interface BadgeApi {
  setAppBadge?: (contents?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
}

/** Shows `count` on the app icon (0 clears it); never fails: a badge is a nicety. */
export async function showAppBadge(api: BadgeApi, count: number | null): Promise<void> {
  if (count === null) return;
  try {
    if (count > 0) await api.setAppBadge?.(count);
    else await api.clearAppBadge?.();
  } catch {
    // Not allowed here (not installed, no permission): the notification itself still shows.
  }
}
