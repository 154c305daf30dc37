import { Button, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconLock, IconWifiOff, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { respondToFriendRequest } from '@/db/commands/friends';
import type { FriendRequestDoc } from '@/db/schemas';
import type { SpotterDatabase } from '@/db/types';
import { UserAvatar } from '@/components/user-avatar';
import { formatHandle } from '@/domain/identity';
import type { FriendRpc } from '../data/friend-actions';
import { useRequestSenderStates } from '../data/use-request-senders';
import { commandErrorKey } from '../model/friend-ledger';
import { toastError, toastSuccess } from '@/lib/feedback/toast';
import { SectionCard } from '@/components/section-card';

/**
 * Pending requests sent to me, newest first, each with Accept and Decline. The answer is a queued intent
 * (src/db/commands/friends.ts): the request leaves the list at once, also offline, and the server gets
 * the answer once; a refusal arriving later puts it back and shows in the friends section.
 *
 * Accept is offered only for a sender whose name is known (docs/decisions.md, "Friend requests from an
 * unnamed sender"): a skeleton while the profile loads, a line saying why when it cannot load (offline,
 * asked again online) and, for a private profile the server will not show, Decline alone.
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
  const senderOf = useRequestSenderStates(
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
    <SectionCard id="friend-requests" title={t('requests.heading')} gap="sm">
      {open.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('requests.empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {open.map((request) => {
            const state = senderOf(request.sender_id);
            if (state.status !== 'known') {
              return (
                <UnnamedRequest
                  key={request.id}
                  state={state.status}
                  busy={busy}
                  requestId={request.id}
                  onDecline={() => void answer(request.id, tf('requestCard.private'), false)}
                />
              );
            }
            const sender = state.sender;
            const name = sender.username;
            let handle: string | null;
            try {
              handle = formatHandle(sender.username, sender.discriminator);
            } catch {
              handle = null;
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
    </SectionCard>
  );
}

/** A request whose sender has no name to show yet (or ever): never with Accept. */
function UnnamedRequest({
  state,
  busy,
  requestId,
  onDecline,
}: {
  state: 'loading' | 'hidden' | 'unreachable';
  busy: string | null;
  requestId: string;
  onDecline: () => void;
}) {
  const { t } = useTranslation('friends');
  if (state === 'loading') {
    return (
      <Group component="li" gap="sm" wrap="nowrap" aria-busy="true" aria-label={t('requestCard.loading')}>
        <Skeleton circle height={38} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={12} width="40%" />
          <Skeleton height={10} width="25%" />
        </Stack>
      </Group>
    );
  }
  const Icon = state === 'hidden' ? IconLock : IconWifiOff;
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <ThemeIcon size={38} radius="xl" variant="light" color="gray" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
        <Stack gap={0} miw={0}>
          <Text fw={700}>{state === 'hidden' ? t('requestCard.private') : t('requestCard.unknown')}</Text>
          <Text size="xs" c="dimmed">
            {state === 'hidden' ? t('requestCard.privateHint') : t('requestCard.offline')}
          </Text>
        </Stack>
      </Group>
      {state === 'hidden' ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconX size={16} aria-hidden />}
          aria-label={t('requestCard.declinePrivate')}
          loading={busy === `${requestId}:false`}
          disabled={busy !== null}
          onClick={onDecline}
        >
          {t('requestCard.decline')}
        </Button>
      ) : null}
    </Group>
  );
}
