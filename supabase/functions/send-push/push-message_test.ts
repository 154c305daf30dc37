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
