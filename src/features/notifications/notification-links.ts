import type { NotificationType } from '@/db/schemas/notifications';

/**
 * Where a notification leads when opened, in the list and from a push (the emulator's push sender,
 * supabase/emulator/src/push/messages.ts, uses the same map for the push's click target).
 */
export function notificationLink(type: NotificationType): string {
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
  }
}
