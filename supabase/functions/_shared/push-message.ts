/**
 * The text and link of a push message, in the recipient's language: `{id, type, title, body, url}`, the
 * payload the app's service worker shows. The words are `notification-texts.json`, generated from the
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
}

export interface PushMessage {
  id: string;
  type: string;
  title: string;
  body: string;
  /** Path in the app the click opens. */
  url: string;
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

export function pushMessageFor(
  texts: NotificationTexts,
  n: NotificationForPush,
  now: Date = new Date(),
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
  return { id: n.id, type: n.type, title: text('push.appName'), body, url: linkFor(n.type) };
}
