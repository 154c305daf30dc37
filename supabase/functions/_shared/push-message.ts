/**
 * The text and link of a push message, in the recipient's language: `{id, type, title, body, url}`, the
 * payload the app's service worker shows, plus the same words as a Declarative Web Push message
 * (`web_push: 8030`, `notification: {title, body, navigate, lang, tag, app_badge}`): Safari 18.4+ shows that
 * by itself, and opens `navigate` on a tap, even when iOS has evicted the service worker. Browsers without
 * Declarative Web Push ignore the extra fields; the service worker reads the flat ones. The words are `notification-texts.json`, generated from the
 * app's `locales/<lng>/notifications.json` (scripts/gen-notification-texts.ts), so the in-app list and the
 * push say the same. Pure: the caller passes the catalogue and the clock.
 */

import { notificationPath } from './notification-links.ts';

export const LANGUAGES = ['en', 'de', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];

type Tree = { [key: string]: string | Tree };
/** notification-texts.json: one tree of words per language. */
export type NotificationTexts = Record<Language, Tree>;

/** What the sender knows about a new notification (with its actor and workout). */
export interface NotificationForPush {
  id: string;
  type: string;
  actor_username: string | null;
  workout_type: string | null;
  /** YYYY-MM-DD */
  workout_date: string | null;
  /** HH:MM[:SS] or null */
  workout_time: string | null;
  language: string | null;
  /** The recipient's time zone (profiles.timezone). */
  timezone: string | null;
  /** The recipient's unread notifications, this one included (the app icon's badge); null: unknown. */
  unread_count: number | null;
}

/** What Safari's Declarative Web Push reads (WebKit, "Meet Declarative Web Push", iOS/iPadOS 18.4). */
export interface DeclarativeNotification {
  title: string;
  body: string;
  /** Absolute URL of the app page a tap opens (same origin as the app). */
  navigate: string;
  lang: string;
  /** One entry per notification: a repeated delivery replaces instead of stacking. */
  tag: string;
  /** The app icon's badge, as WebKit's examples write it (a decimal string). */
  app_badge?: string;
}

export interface PushMessage {
  id: string;
  type: string;
  title: string;
  body: string;
  /** Path in the app the click opens. */
  url: string;
  /** The app icon's badge (unread notifications), for the service worker's Badging API call. */
  badge?: number;
  /** Declarative Web Push: present when the app's address is known (`appUrl`). */
  web_push?: 8030;
  notification?: DeclarativeNotification;
}

/** Where a click on a notification of this type leads (the same map as the app's list). */
export const linkFor = notificationPath;

function lookup(texts: NotificationTexts, language: Language, key: string): string | undefined {
  let node: string | Tree | undefined = texts[language];
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function dayIn(timezone: string, at: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

/** The app's address (APP_URL, the auth site URL) as an origin-rooted base, or null when unusable. */
export function appBase(appUrl: string | undefined): URL | null {
  if (!appUrl) return null;
  try {
    const url = new URL(appUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? new URL('/', url) : null;
  } catch {
    return null;
  }
}

export function pushMessageFor(
  texts: NotificationTexts,
  n: NotificationForPush,
  now: Date = new Date(),
  appUrl?: string,
): PushMessage {
  const language: Language = (LANGUAGES as readonly string[]).includes(n.language ?? '')
    ? (n.language as Language)
    : 'en';
  const text = (key: string, values: Record<string, string> = {}): string => {
    const template = lookup(texts, language, key) ?? lookup(texts, 'en', key) ?? key;
    return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };
  const whenText = (): string => {
    const time = (n.workout_time ?? '09:00').slice(0, 5);
    const date = n.workout_date ?? '';
    const zone = n.timezone ?? 'UTC';
    if (date === dayIn(zone, now)) return text('when.today', { time });
    if (date === dayIn(zone, new Date(now.getTime() + 24 * 3600 * 1000)))
      return text('when.tomorrow', { time });
    const shown = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
    return text('when.onDate', { date: shown, time });
  };
  let body: string;
  if (n.type === 'workout_reminder') {
    body =
      n.workout_type && n.workout_date
        ? text('types.workout_reminder', {
            workout: text(`workoutTypes.${n.workout_type}`),
            when: whenText(),
          })
        : text('types.workout_reminder_generic');
  } else {
    body = text(`types.${n.type}`, { name: n.actor_username ?? text('someone') });
  }
  const title = text('push.appName');
  const url = linkFor(n.type);
  const badge =
    n.unread_count !== null && Number.isInteger(n.unread_count) && n.unread_count >= 0
      ? n.unread_count
      : undefined;
  const message: PushMessage = { id: n.id, type: n.type, title, body, url };
  if (badge !== undefined) message.badge = badge;
  const base = appBase(appUrl);
  if (base !== null) {
    message.web_push = 8030;
    message.notification = {
      title,
      body,
      navigate: new URL(url, base).href,
      lang: language,
      tag: n.id,
      ...(badge === undefined ? {} : { app_badge: String(badge) }),
    };
  }
  return message;
}
