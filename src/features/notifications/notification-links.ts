import type { NotificationDoc, NotificationType } from '@/db/schemas/notifications';
import type { WorkoutDoc } from '@/db/schemas/workouts';
import { notificationPath } from '../../../supabase/functions/_shared/notification-links';

/** Where a notification leads when opened, by type alone (one map with the push's click target). */
export function notificationLink(type: NotificationType): string {
  return notificationPath(type);
}

export interface NotificationTarget {
  to: string;
  search?: { date: string };
  /** The subject on the page: `activity-<id>` on /home, `workout-<id>` on /schedule. */
  hash?: string;
}

/**
 * The subject a notification opens in the list: the activity on /home, the workout (with its join
 * requests' Accept/Decline) on its day of /schedule, the friend's profile. `workouts` are my local ones:
 * the owner's workout for requests to me, my copy ("join-<request id>", made by the server on accept)
 * for an accepted request of mine. Without the local workout, its day is unknown: the plan as it is.
 */
export function notificationTarget(
  n: Pick<NotificationDoc, 'type' | 'actor_id' | 'activity_id' | 'workout_id' | 'join_request_id'>,
  workouts: ReadonlyMap<string, Pick<WorkoutDoc, 'id' | 'date'>>,
): NotificationTarget {
  const onSchedule = (workoutId: string | null): NotificationTarget => {
    const workout = workoutId ? workouts.get(workoutId) : undefined;
    return workout
      ? { to: '/schedule', search: { date: workout.date }, hash: `workout-${workout.id}` }
      : { to: '/schedule' };
  };
  switch (n.type) {
    case 'friend_request_received':
    case 'friend_request_accepted':
      return n.actor_id ? { to: `/p/${n.actor_id}` } : { to: '/profile' };
    case 'flex_received':
      return n.activity_id ? { to: '/home', hash: `activity-${n.activity_id}` } : { to: '/home' };
    case 'workout_join_request_accepted':
      return onSchedule(n.join_request_id ? `join-${n.join_request_id}` : null);
    case 'workout_join_request_received':
    case 'workout_joined':
    case 'workout_reminder':
      return onSchedule(n.workout_id);
  }
}
