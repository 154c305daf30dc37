import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { JoinControl } from '@/components/join-control';
import { useJoinAction } from '@/db/join-status';
import { feedWindow$, type FeedItem } from '@/db/local-state';
import { WORKOUT_TYPES, type WorkoutType } from '@/db/schemas/workouts';
import { resolveTimeZone, todayIn } from '@/domain/dates';
import { useLive, useOwnProfile } from '@/sync/use-live';

const isWorkoutType = (t: string | null): t is WorkoutType =>
  t !== null && (WORKOUT_TYPES as readonly string[]).includes(t);

function JoinToday({ workout, friend, today }: { workout: FeedItem; friend: string; today: string }) {
  const { t } = useTranslation('gym');
  const { db, userId } = useUserData();
  const action = useJoinAction(
    db,
    userId,
    {
      workout_id: workout.workout_id!,
      owner_id: workout.user_id,
      date: workout.workout_date!,
      time: workout.workout_time,
    },
    today,
  );
  const type = isWorkoutType(workout.workout_type) ? t(`join.workoutTypes.${workout.workout_type}`) : '';
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="xs" c="dimmed">
        {t('join.todayWorkout', { workout: type || workout.workout_title || '' })}
      </Text>
      <JoinControl action={action} friend={friend} />
    </Group>
  );
}

/**
 * A friend here now who plans a workout today (their planned-workout activity in my local feed): Join it
 * from "who is here", with the feed's Join states.
 */
export function FriendJoin({ friendId, friend }: { friendId: string; friend: string }) {
  const profile = useOwnProfile();
  const feed = useLive((db) => feedWindow$(db), []);
  const today = todayIn(resolveTimeZone(profile?.timezone), new Date());
  const workout = (feed?.items ?? []).find(
    (i) => i.user_id === friendId && i.kind === 'workout_planned' && i.workout_id && i.workout_date === today,
  );
  if (!workout) return null;
  return <JoinToday workout={workout} friend={friend} today={today} />;
}
