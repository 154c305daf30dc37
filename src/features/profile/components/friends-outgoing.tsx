import { Avatar, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelFriendRequest } from '@/db/commands/friends';
import type { FriendRequestDoc } from '@/db/schemas';
import type { SpotterDatabase } from '@/db/types';
import { UserAvatar } from '@/components/user-avatar';
import { UserHandle } from '@/components/user-handle';
import type { FriendRpc } from '../data/friend-actions';
import { useRequestSenders } from '../data/use-request-senders';
import { commandErrorKey, type QueuedSend } from '../model/friend-ledger';
import { handleOf } from './friends-list-item';
import { toastError, toastSuccess } from '@/lib/feedback/toast';

/**
 * Requests I sent that wait for an answer, each with Cancel; and requests by handle still on their way
 * (sent offline: the handle is resolved by the server), shown by the handle typed until it answers.
 */
export function FriendsOutgoing({
  db,
  userId,
  sync,
  requests,
  queued,
}: {
  db: SpotterDatabase;
  userId: string;
  sync: Pick<FriendRpc, 'rpc'>;
  requests: readonly Pick<FriendRequestDoc, 'id' | 'receiver_id'>[];
  queued: readonly QueuedSend[];
}) {
  const { t } = useTranslation('friends');
  const receivers = useRequestSenders(
    sync,
    requests.map((request) => request.receiver_id),
  );
  const [busy, setBusy] = useState<string | null>(null);
  const known = new Set(requests.map((request) => request.id));
  // A queued send whose request row was pulled already is that row.
  const waiting = queued.filter((send) => !known.has(send.id));

  const cancel = async (requestId: string) => {
    setBusy(requestId);
    const result = await cancelFriendRequest({ db, userId }, requestId);
    setBusy(null);
    if (result.ok) toastSuccess(t('outgoing.cancelled'));
    else toastError(t(commandErrorKey(result.error.message, 'errors.cancelFailed')));
  };

  return (
    <Stack gap="xs" component="section" aria-labelledby="friends-outgoing">
      <Title order={3} fz="h5" id="friends-outgoing">
        {t('outgoing.heading')}
      </Title>
      {requests.length === 0 && waiting.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('outgoing.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {waiting.map((send) => (
            <Group component="li" key={send.key} justify="space-between" wrap="wrap" gap="sm">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Avatar radius="xl" color="gray" aria-hidden>
                  <IconClockHour4 size={18} />
                </Avatar>
                <Stack gap={0} miw={0}>
                  <Text fw={700} truncate="end">
                    {send.handle}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('outgoing.queued')}
                  </Text>
                </Stack>
              </Group>
            </Group>
          ))}
          {requests.map((request) => {
            const receiver = receivers.get(request.receiver_id);
            const name = receiver ? handleOf(receiver) : t('outgoing.someone');
            return (
              <Group component="li" key={request.id} justify="space-between" wrap="wrap" gap="sm">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <UserAvatar profile={receiver} />
                  <Stack gap={0} miw={0}>
                    <Text fw={700} display="block">
                      {receiver ? (
                        <UserHandle username={receiver.username} discriminator={receiver.discriminator} />
                      ) : (
                        name
                      )}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('outgoing.awaiting')}
                    </Text>
                  </Stack>
                </Group>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconX size={16} aria-hidden />}
                  aria-label={t('outgoing.cancelLabel', { name })}
                  loading={busy === request.id}
                  onClick={() => void cancel(request.id)}
                >
                  {t('outgoing.cancel')}
                </Button>
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
