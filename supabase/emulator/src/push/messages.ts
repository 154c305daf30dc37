/**
 * The text and link of a push message, in the recipient's language. The words come from the app's own
 * `locales/<lng>/notifications.json` (one source for the in-app list and the push), read once.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const localesDir = fileURLToPath(new URL('../../../../locales/', import.meta.url));
const LANGUAGES = ['en', 'de', 'it'] as const;
type Language = (typeof LANGUAGES)[number];

type Catalog = Record<string, unknown>;
const catalogs = new Map<Language, Catalog>();

function catalog(language: Language): Catalog {
  let loaded = catalogs.get(language);
  if (!loaded) {
    loaded = JSON.parse(readFileSync(`${localesDir}${language}/notifications.json`, 'utf8')) as Catalog;
    catalogs.set(language, loaded);
  }
  return loaded;
}

function lookup(language: Language, key: string): string | undefined {
  let node: unknown = catalog(language);
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

function text(language: Language, key: string, values: Record<string, string> = {}): string {
  const template = lookup(language, key) ?? lookup('en', key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** What the sender knows about a new notification (joined with its actor and workout). */
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
export function linkFor(type: string): string {
  switch (type) {
    case 'friend_request_received':
    case 'friend_request_accepted':
      return '/profile';
    case 'flex_received':
      return '/home';
    case 'workout_join_request_received':
    case 'workout_join_request_accepted':
    case 'workout_joined':
    case 'workout_reminder':
      return '/schedule';
    default:
      return '/notifications';
  }
}

function dayIn(timezone: string, at: Date): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone: timezone }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
}

function whenText(language: Language, n: NotificationForPush, now: Date): string {
  const time = (n.workout_time ?? '09:00').slice(0, 5);
  const date = n.workout_date ?? '';
  const zone = n.timezone ?? 'UTC';
  const today = dayIn(zone, now);
  const tomorrow = dayIn(zone, new Date(now.getTime() + 24 * 3600 * 1000));
  if (date === today) return text(language, 'when.today', { time });
  if (date === tomorrow) return text(language, 'when.tomorrow', { time });
  const shown = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
  return text(language, 'when.onDate', { date: shown, time });
}

export function pushMessageFor(n: NotificationForPush, now: Date = new Date()): PushMessage {
  const language: Language = (LANGUAGES as readonly string[]).includes(n.language ?? '')
    ? (n.language as Language)
    : 'en';
  let body: string;
  if (n.type === 'workout_reminder') {
    body =
      n.workout_type && n.workout_date
        ? text(language, 'types.workout_reminder', {
            workout: text(language, `workoutTypes.${n.workout_type}`),
            when: whenText(language, n, now),
          })
        : text(language, 'types.workout_reminder_generic');
  } else {
    body = text(language, `types.${n.type}`, {
      name: n.actor_username ?? text(language, 'someone'),
    });
  }
  return { id: n.id, type: n.type, title: text(language, 'push.appName'), body, url: linkFor(n.type) };
}
