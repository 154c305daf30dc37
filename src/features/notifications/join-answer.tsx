import { Badge, Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { respondJoinRequest } from '@/db/commands/join';
import { toastError } from '@/lib/feedback/toast';
import { useLive } from '@/sync/use-live';

/**
 * Accept / Decline a join request right from its notification (offline too: the answer is queued); once
 * answered, what was answered. Nothing while the request itself has not arrived locally.
 */
export function JoinAnswer({ requestId, onAnswered }: { requestId: string; onAnswered: () => void }) {
  const { t } = useTranslation('notifications');
  const { db, userId } = useUserData();
  const request = useLive((db) => db.workout_join_requests.findOne(requestId), [requestId]);
  const [busy, setBusy] = useState(false);
  if (!request || request.owner_id !== userId) return null;
  if (request.status !== 'pending') {
    return (
      <Badge variant="light" color={request.status === 'accepted' ? 'green' : 'gray'} tt="none">
        {request.status === 'accepted' ? t('join.accepted') : t('join.declined')}
      </Badge>
    );
  }
  const answer = async (accept: boolean) => {
    setBusy(true);
    const result = await respondJoinRequest({ db, userId }, { request_id: requestId, accept });
    setBusy(false);
    if (result.ok) onAnswered();
    else toastError(t('join.answerFailed'));
  };
  return (
    <>
      <Button size="compact-sm" loading={busy} onClick={() => void answer(true)}>
        {t('join.accept')}
      </Button>
      <Button size="compact-sm" variant="default" disabled={busy} onClick={() => void answer(false)}>
        {t('join.decline')}
      </Button>
    </>
  );
}
