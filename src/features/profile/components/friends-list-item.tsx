import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconFlame, IconMapPin, IconUserMinus } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '@/components/user-avatar';
import { handleText, UserHandle } from '@/components/user-handle';
import type { FriendRow } from '../data/use-friends-list';

/** The friend's `name#1234` as text (labels, dialogs). */
export function handleOf(row: { username: string; discriminator: string }): string {
  return handleText(row.username, row.discriminator);
}

/** One friend: avatar, handle (a link to their profile), level, streak, at a gym now, and Remove. */
export function FriendsListItem({ row, onRemove }: { row: FriendRow; onRemove: (row: FriendRow) => void }) {
  const { t } = useTranslation('friends');
  const handle = handleOf(row);
  const router = useRouter();
  // By href: the profile by id is another screen's route (/p/{id}).
  const href = `/p/${encodeURIComponent(row.id)}`;
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" data-friend-id={row.id}>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <UserAvatar profile={row} />
        <Stack gap={2} miw={0}>
          <Anchor
            href={href}
            fw={700}
            miw={0}
            display="block"
            // One word for screen readers: the handle's two boxes would read as two.
            aria-label={handle}
            onClick={(event) => {
              // A client-side navigation for a plain click; modified clicks open the link as usual.
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                return;
              event.preventDefault();
              void router.navigate({ href });
            }}
          >
            <UserHandle username={row.username} discriminator={row.discriminator} />
          </Anchor>
          <Group gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed">
              {t('list.level', { level: row.level })}
            </Text>
            <Group gap={2} wrap="nowrap">
              <IconFlame size={14} aria-hidden />
              <Text size="xs" c="dimmed">
                {row.current_streak > 0
                  ? t('list.streak', { count: row.current_streak })
                  : t('list.noStreak')}
              </Text>
            </Group>
            {row.gym !== null && (
              <Badge
                size="sm"
                variant="light"
                color="teal"
                maw="100%"
                h="auto"
                // A long gym name wraps inside the badge rather than losing its end.
                styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
                leftSection={<IconMapPin size={12} aria-hidden />}
              >
                {row.gym === '' ? t('list.atAGym') : t('list.atGym', { gym: row.gym })}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
      <Button
        size="xs"
        variant="subtle"
        style={{ flexShrink: 0 }}
        color="red"
        leftSection={<IconUserMinus size={16} aria-hidden />}
        aria-label={t('list.removeLabel', { name: handle })}
        onClick={() => onRemove(row)}
      >
        {t('list.remove')}
      </Button>
    </Group>
  );
}
