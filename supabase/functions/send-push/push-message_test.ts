// The push payload, in the recipient's language, from the generated texts (as messages.ts did).
import { deepStrictEqual as assertEquals, match as assertMatch } from 'node:assert/strict';
import texts from '../_shared/notification-texts.json' with { type: 'json' };
import { linkFor, pushMessageFor, type NotificationForPush } from '../_shared/push-message.ts';

const base: NotificationForPush = {
  id: 'n1',
  type: 'friend_request_received',
  actor_username: 'bob',
  workout_type: null,
  workout_date: null,
  workout_time: null,
  language: 'de',
  timezone: 'UTC',
  unread_count: null,
};

Deno.test('a friend request, in German, opens the profile', () => {
  assertEquals(pushMessageFor(texts, base), {
    id: 'n1',
    type: 'friend_request_received',
    title: 'Spotter',
    body: 'bob hat dir eine Freundschaftsanfrage geschickt',
    url: '/profile',
  });
});

Deno.test('an unknown language falls back to English; no actor is "Someone"', () => {
  const message = pushMessageFor(texts, {
    ...base,
    language: 'xx',
    actor_username: null,
    type: 'flex_received',
  });
  assertEquals([message.body, message.url], ['Someone flexed your activity', '/home']);
});

Deno.test('a reminder says today or tomorrow in the user’s zone, else the date', () => {
  const now = new Date();
  const zone = 'Pacific/Kiritimati';
  const day = (offset: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(
      new Date(now.getTime() + offset * 86_400_000),
    );
  const reminder = (date: string) =>
    pushMessageFor(
      texts,
      {
        ...base,
        type: 'workout_reminder',
        language: 'en',
        timezone: zone,
        workout_type: 'hiit',
        workout_date: date,
        workout_time: '07:30:00',
      },
      now,
    ).body;
  assertEquals(reminder(day(0)), 'Reminder: your HIIT workout starts today at 07:30');
  assertEquals(reminder(day(1)), 'Reminder: your HIIT workout starts tomorrow at 07:30');
  assertMatch(reminder(day(3)), /^Reminder: your HIIT workout starts on .+ at 07:30$/);
  assertEquals(
    pushMessageFor(texts, { ...base, type: 'workout_reminder', language: 'en' }).body,
    'Reminder: your workout is coming up',
  );
  assertEquals(linkFor('workout_reminder'), '/schedule');
});

Deno.test('with the app address: a Declarative Web Push message Safari shows by itself', () => {
  const message = pushMessageFor(texts, { ...base, unread_count: 3 }, new Date(), 'https://app.example/any');
  assertEquals(message, {
    id: 'n1',
    type: 'friend_request_received',
    title: 'Spotter',
    body: 'bob hat dir eine Freundschaftsanfrage geschickt',
    url: '/profile',
    badge: 3,
    web_push: 8030,
    notification: {
      title: 'Spotter',
      body: 'bob hat dir eine Freundschaftsanfrage geschickt',
      navigate: 'https://app.example/profile',
      lang: 'de',
      tag: 'n1',
      app_badge: '3',
    },
  });
  // The fields WebKit reads: the marker, a title, and an absolute https URL on the app's origin.
  const declarative = JSON.parse(JSON.stringify(message)) as Record<string, unknown>;
  assertEquals(declarative.web_push, 8030);
  const notification = declarative.notification as Record<string, string>;
  assertEquals(typeof notification.title, 'string');
  assertEquals(new URL(notification.navigate).origin, 'https://app.example');
  assertMatch(notification.app_badge, /^\d+$/);
});

Deno.test('no usable app address or count: only the service worker fields, no badge', () => {
  for (const appUrl of [undefined, '', 'not a url', 'javascript:alert(1)']) {
    const message = pushMessageFor(texts, base, new Date(), appUrl);
    assertEquals([message.web_push, message.notification, message.badge], [undefined, undefined, undefined]);
  }
  const noCount = pushMessageFor(texts, base, new Date(), 'https://app.example');
  assertEquals(noCount.notification?.app_badge, undefined);
  assertEquals(noCount.notification?.navigate, 'https://app.example/profile');
});
