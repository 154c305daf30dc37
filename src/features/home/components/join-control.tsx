import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/app/user-data/user-data-context';
import { JoinButton, ReplaceWorkoutModal } from '@/components/join-button';
import type { CommandResult } from '@/db/commands/result';
import { useJoinAction, useMyJoinRequests, type JoinTarget } from '@/db/join-status';
import { TOAST_ERROR_MS } from '@/domain/constants';

/**
 * Join a friend's planned workout from the feed: Join → Joining… → Joined / Closed, offline too (the
 * join command queues the request). A clash with a workout of mine asks whether to replace it.
 */
export function JoinControl({
  target,
  friend,
  today,
}: {
  target: JoinTarget;
  friend: string;
  today: string;
}) {
  const { t } = useTranslation('home');
  const { db, userId } = useUserData();
  const requests = useMyJoinRequests(db, userId);
  const action = useJoinAction(db, userId, requests, target, today);

  const report = (result: CommandResult<unknown> | null) => {
    if (result && !result.ok) {
      notifications.show({
        message: t('join.failed'),
        color: 'red',
        autoClose: TOAST_ERROR_MS,
        withCloseButton: false,
      });
    }
  };

  return (
    <>
      <JoinButton
        status={action.status}
        busy={action.busy}
        labels={{
          join: t('join.join'),
          joining: t('join.joining'),
          joined: t('join.joined'),
          closed: t('join.closed'),
        }}
        onJoin={() => void action.join().then(report)}
      />
      <ReplaceWorkoutModal
        opened={action.clash !== null}
        title={t('join.clashTitle')}
        body={t('join.clashBody', { friend })}
        replaceLabel={t('join.replace')}
        keepLabel={t('join.keep')}
        busy={action.busy}
        onReplace={() => void action.replace().then(report)}
        onKeep={action.cancel}
      />
    </>
  );
}
