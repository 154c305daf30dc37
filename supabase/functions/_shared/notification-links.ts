/**
 * Where a notification leads, by type: the app's list and the push's click target (send-push) both use
 * this one map. No imports, so Deno (the Edge Function) and Vite (the app) both read it as it is.
 */
export function notificationPath(type: string): string {
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
