import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { respondJoinRequest } from '@/db/commands/join';
import { useJoinRefusals } from '@/db/join-status';
import { joinRequestsForMyWorkouts, myJoinRequests } from '@/db/queries';
import type { JoinRequestDoc } from '@/db/schemas/workout-join-requests';
import type { WorkoutDoc } from '@/db/schemas/workouts';
import { toastError } from '@/lib/feedback/toast';
import { useLive } from '@/sync/use-live';

function useUsername(userId: string | null): string | undefined {
  const profile = useLive((db) => db.profiles.findOne(userId ?? ''), [userId]);
  return profile?.username;
}

/** "with <friend>" on a workout I joined (the server's copy names the friend's workout in joined_from). */
export function JoinedWith({ workout }: { workout: WorkoutDoc }) {
  const { t } = useTranslation('schedule');
  const { userId } = useUserData();
  const mine = useLive((db) => myJoinRequests(db, userId), [userId]);
  const ownerId = (mine ?? []).find((r) => r.workout_id === workout.joined_from)?.owner_id ?? null;
  const friend = useUsername(ownerId);
  if (!workout.joined_from) return null;
  return (
    <Badge
      variant="light"
      color="indigo"
      size="sm"
      leftSection={<IconUsersGroup size={12} aria-hidden />}
      style={{ alignSelf: 'flex-start' }}
      tt="none"
      data-testid="joined-with"
    >
      {t('join.withFriend', { friend: friend ?? t('join.someone') })}
    </Badge>
  );
}

function RequestRow({ request }: { request: JoinRequestDoc }) {
  const { t } = useTranslation('schedule');
  const { db, userId } = useUserData();
  const name = useUsername(request.requester_id) ?? t('join.someone');
  const [busy, setBusy] = useState(false);
  const answer = async (accept: boolean) => {
    setBusy(true);
    const result = await respondJoinRequest({ db, userId }, { request_id: request.id, accept });
    setBusy(false);
    if (!result.ok) {
      toastError(t('join.answerFailed'));
    }
  };
  return (
    <Group gap="xs" wrap="wrap" data-testid="join-request" data-join-request-id={request.id}>
      <Text size="sm" style={{ flex: 1, minWidth: 120 }}>
        {t('join.wantsToJoin', { name })}
      </Text>
      {request.status === 'pending' ? (
        <>
          <Button size="compact-sm" loading={busy} onClick={() => void answer(true)}>
            {t('join.accept')}
          </Button>
          <Button size="compact-sm" variant="default" disabled={busy} onClick={() => void answer(false)}>
            {t('join.decline')}
          </Button>
        </>
      ) : (
        <Badge variant="light" color={request.status === 'accepted' ? 'green' : 'gray'} tt="none">
          {request.status === 'accepted' ? t('join.accepted') : t('join.declined')}
        </Badge>
      )}
    </Group>
  );
}

/** The join requests a workout of mine received: Accept / Decline (offline too), answered ones marked. */
export function WorkoutJoinRequests({ workoutId }: { workoutId: string }) {
  const { t } = useTranslation('schedule');
  const { userId } = useUserData();
  const ids = useMemo(() => [workoutId], [workoutId]);
  const docs = useLive((db) => joinRequestsForMyWorkouts(db, userId, ids), [userId, ids]);
  const requests = useMemo(() => (docs ?? []).map((d) => d.toJSON() as JoinRequestDoc), [docs]);
  if (requests.length === 0) return null;
  return (
    <Stack gap={4} aria-label={t('join.requestsTitle')} role="group">
      <Text size="xs" c="dimmed" fw={700}>
        {t('join.requestsTitle')}
      </Text>
      {requests.map((r) => (
        <RequestRow key={r.id} request={r} />
      ))}
    </Stack>
  );
}

/** An accept or decline the server refused later (rolled back to pending): said once, then dismissed. */
export function JoinAnswerRefusals() {
  const { t } = useTranslation('schedule');
  const { db } = useUserData();
  const { refused, dismiss } = useJoinRefusals(db, 'answer');
  useEffect(() => {
    for (const r of refused) {
      toastError(t('join.answerRefused'), { id: r.key, title: t('join.answerFailed') });
      void dismiss(r.key);
    }
  }, [refused, dismiss, t]);
  return null;
}
