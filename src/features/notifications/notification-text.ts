import type { TFunction } from 'i18next';
import type { NotificationDoc } from '@/db/schemas/notifications';
import type { WorkoutDoc } from '@/db/schemas/workouts';
import { formatClockTime, formatDay } from '@/lib/time-format';

/** The local YYYY-MM-DD of an instant (the device's zone, where the user plans their workouts). */
function localDay(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

function reminderWhen(
  t: TFunction<'notifications'>,
  workout: Pick<WorkoutDoc, 'date' | 'time'>,
  now: Date,
  locale: string,
): string {
  // A workout without a time is reminded as if it started at 09:00 (the server's rule).
  const time = formatClockTime(workout.time ?? '09:00', locale);
  if (workout.date === localDay(now)) return t('when.today', { time });
  if (workout.date === localDay(new Date(now.getTime() + 24 * 3600 * 1000))) {
    return t('when.tomorrow', { time });
  }
  const date = formatDay(workout.date, locale);
  return t('when.onDate', { date, time });
}

/** The sentence a notification shows, in the user's language. */
export function notificationText(
  t: TFunction<'notifications'>,
  notification: Pick<NotificationDoc, 'type'>,
  context: {
    actorName: string | undefined;
    workout: Pick<WorkoutDoc, 'type' | 'date' | 'time'> | undefined;
    now: Date;
    /** The formatting locale (language and region), from `useFormatLocale`. */
    locale: string;
  },
): string {
  const name = context.actorName ?? t('someone');
  switch (notification.type) {
    case 'workout_reminder': {
      const { workout } = context;
      if (!workout) return t('types.workout_reminder_generic');
      return t('types.workout_reminder', {
        workout: t(`workoutTypes.${workout.type}`),
        when: reminderWhen(t, workout, context.now, context.locale),
      });
    }
    case 'friend_request_received':
      return t('types.friend_request_received', { name });
    case 'friend_request_accepted':
      return t('types.friend_request_accepted', { name });
    case 'flex_received':
      return t('types.flex_received', { name });
    case 'workout_join_request_received':
      return t('types.workout_join_request_received', { name });
    case 'workout_join_request_accepted':
      return t('types.workout_join_request_accepted', { name });
    case 'workout_joined':
      return t('types.workout_joined', { name });
  }
}
