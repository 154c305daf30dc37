import type { RxJsonSchema } from 'rxdb';
import { nullableText, textId, timestamp, uuid } from './fields';

export const NOTIFICATION_TYPES = [
  'workout_joined',
  'workout_join_request_received',
  'workout_join_request_accepted',
  'friend_request_accepted',
  'friend_request_received',
  'flex_received',
  // Made by the server's reminder scheduler (migration 20261122100000_workout_reminders).
  'workout_reminder',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** public.notifications: server-made; the user only marks them read (an intent). Pull-only. */
export interface NotificationDoc {
  id: string;
  user_id: string;
  type: NotificationType;
  actor_id: string | null;
  friend_request_id: string | null;
  workout_id: string | null;
  join_request_id: string | null;
  activity_id: string | null;
  is_read: boolean;
  created_at: string;
}

export const notificationSchema: RxJsonSchema<NotificationDoc> = {
  title: 'notifications',
  // 1: the enum gained 'workout_reminder' (documents are unchanged: identity migration in index.ts).
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: textId(200),
    user_id: uuid,
    type: { type: 'string', enum: [...NOTIFICATION_TYPES] },
    actor_id: { type: ['string', 'null'], maxLength: 36 },
    friend_request_id: nullableText(200),
    workout_id: nullableText(200),
    join_request_id: nullableText(200),
    activity_id: nullableText(200),
    is_read: { type: 'boolean', default: false },
    created_at: timestamp,
  },
  required: ['id', 'user_id', 'type', 'is_read', 'created_at'],
  // The unread badge count, and the list (newest first: RxDB sorts 'desc' in memory anyway, so the
  // same index serves it by its user_id prefix; a second index would only slow writes).
  indexes: [['user_id', 'is_read', 'created_at']],
};
