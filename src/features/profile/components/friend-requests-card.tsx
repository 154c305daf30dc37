import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { respondToFriendRequest } from '@/db/commands/friends';
import type { FriendRequestDoc } from '@/db/schemas';
import type { SpotterDatabase } from '@/db/types';
import { UserAvatar } from '@/components/user-avatar';
import { formatHandle } from '@/domain/identity';
import type { FriendRpc } from '../data/friend-actions';
import { useRequestSenders } from '../data/use-request-senders';
import { commandErrorKey } from '../model/friend-ledger';
import { toastError, toastSuccess } from './profile-toasts';

/**
 * Pending requests sent to me, newest first, each with Accept and Decline. The answer is a queued intent
 * (src/db/commands/friends.ts): the request leaves the list at once, also offline, and the server gets
 * the answer once; a refusal arriving later puts it back and shows in the friends section.
 */
export function FriendRequestsCard({
  db,
  userId,
  requests,
  sync,
}: {
  db: SpotterDatabase;
  userId: string;
  requests: readonly Pick<FriendRequestDoc, 'id' | 'sender_id'>[];
  sync: Pick<FriendRpc, 'rpc'>;
}) {
  const { t } = useTranslation('profile');
  const senders = useRequestSenders(
    sync,
    requests.map((request) => request.sender_id),
  );
  const { t: tf } = useTranslation('friends');
  const [busy, setBusy] = useState<string | null>(null);
  const open = requests;

  const answer = async (requestId: string, name: string, accept: boolean) => {
    setBusy(`${requestId}:${accept}`);
    const result = await respondToFriendRequest({ db, userId }, requestId, accept);
    setBusy(null);
    if (result.ok) toastSuccess(accept ? tf('respond.accepted', { name }) : tf('respond.declined'));
    else toastError(tf(commandErrorKey(result.error.message, 'errors.respondFailed')));
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="friend-requests"
    >
      <Stack gap="sm">
        <Title order={2} fz="h4" id="friend-requests">
          {t('requests.heading')}
        </Title>
        {open.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('requests.empty')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {open.map((request) => {
              const sender = senders.get(request.sender_id);
              const name = sender ? sender.username : t('requests.someone');
              let handle: string | null = null;
              if (sender) {
                try {
                  handle = formatHandle(sender.username, sender.discriminator);
                } catch {
                  handle = null;
                }
              }
              return (
                <Group component="li" key={request.id} justify="space-between" wrap="wrap" gap="sm">
                  <Group gap="sm" wrap="nowrap" miw={0}>
                    <UserAvatar profile={sender} />
                    <Stack gap={0} miw={0}>
                      <Text fw={700} truncate="end">
                        {name}
                      </Text>
                      {handle !== null && (
                        <Text size="xs" c="dimmed">
                          {handle}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      leftSection={<IconCheck size={16} aria-hidden />}
                      aria-label={t('requests.acceptFrom', { name })}
                      loading={busy === `${request.id}:true`}
                      disabled={busy !== null}
                      onClick={() => void answer(request.id, name, true)}
                    >
                      {t('requests.accept')}
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconX size={16} aria-hidden />}
                      aria-label={t('requests.declineFrom', { name })}
                      loading={busy === `${request.id}:false`}
                      disabled={busy !== null}
                      onClick={() => void answer(request.id, name, false)}
                    >
                      {t('requests.decline')}
                    </Button>
                  </Group>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
