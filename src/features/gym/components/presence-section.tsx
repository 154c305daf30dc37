import { Alert, Button, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconUsers, IconWifiOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '@/components/user-avatar';
import { UserHandle } from '@/components/user-handle';
import type { AvatarSource } from '@/domain/avatars';
import { formatRelative, formatTimeOfDay } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import type { FriendAtGym } from '../model/presence';
import { FriendJoin } from './friend-join';

export interface PresenceSectionProps {
  gyms: { id: string; name: string }[];
  gymId: string;
  onGymChange: (gymId: string) => void;
  online: boolean;
  friends: FriendAtGym[] | null;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** My own check-in time when I am present at this gym. */
  meSince: string | null;
  /** My own profile, for my avatar in my row (its label says "You"). */
  me: AvatarSource | null;
  now: Date;
}

/** "Who is here now": me (if present) and the friends the server reports at the chosen home gym. */
export function PresenceSection(props: PresenceSectionProps) {
  const { t } = useTranslation('gym');
  const { gyms, gymId, onGymChange, online } = props;
  return (
    <Paper withBorder radius="lg" p="md" data-walkthrough="gym-presence" aria-labelledby="gym-presence-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconUsers size={20} aria-hidden />
          <Title order={2} size="h4" id="gym-presence-title">
            {t('presence.title')}
          </Title>
        </Group>
        {gyms.length > 1 ? (
          <SegmentedControl
            value={gymId}
            onChange={onGymChange}
            data={gyms.map((g) => ({ value: g.id, label: g.name }))}
            fullWidth
          />
        ) : null}
        {online ? null : (
          <Alert color="yellow" icon={<IconWifiOff size={18} aria-hidden />} p="xs">
            {t('presence.offline')}
          </Alert>
        )}
        <PresenceList {...props} />
      </Stack>
    </Paper>
  );
}

function PresenceList({ online, friends, loading, failed, onRetry, meSince, me, now }: PresenceSectionProps) {
  const { t } = useTranslation('gym');
  const locale = useFormatLocale();
  const rows = friends ?? [];

  let status: ReactNode = null;
  if (friends === null) {
    if (!online) status = <Text c="dimmed">{t('presence.unknown')}</Text>;
    else if (loading && !failed)
      status = (
        <Group gap="xs">
          <Loader size="xs" />
          <Text c="dimmed">{t('presence.loading')}</Text>
        </Group>
      );
    else
      status = (
        <Group gap="sm">
          <Text c="dimmed">{t('presence.failed')}</Text>
          <Button size="compact-sm" variant="light" onClick={onRetry}>
            {t('presence.retry')}
          </Button>
        </Group>
      );
  } else if (friends.length === 0) {
    status = <Text c="dimmed">{meSince === null ? t('presence.nobody') : t('presence.youOnly')}</Text>;
  }

  return (
    <Stack gap="xs">
      {meSince !== null || rows.length > 0 ? (
        <Stack
          component="ul"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('presence.title')}
        >
          {meSince === null ? null : (
            <Group gap="sm" component="li">
              <UserAvatar profile={me} />
              <div>
                <Text fw={600}>{t('presence.you')}</Text>
                <Text size="xs" c="dimmed">
                  {t('presence.since', { time: formatTimeOfDay(meSince, locale) })}
                </Text>
              </div>
            </Group>
          )}
          {rows.map((friend) => {
            const since = t('presence.since', { time: formatTimeOfDay(friend.checked_in_at, locale) });
            const active = friend.last_active_at
              ? ` · ${t('presence.lastActive', { time: formatRelative(friend.last_active_at, now, locale) })}`
              : '';
            return (
              <Group gap="sm" component="li" key={friend.user_id} wrap="nowrap">
                <UserAvatar profile={friend} />
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} display="block">
                    <UserHandle username={friend.username} discriminator={friend.discriminator} dimTag />
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('presence.level', { level: friend.level })} · {since}
                    {active}
                  </Text>
                  <FriendJoin friendId={friend.user_id} friend={friend.username} />
                </div>
              </Group>
            );
          })}
        </Stack>
      ) : null}
      {status}
    </Stack>
  );
}
