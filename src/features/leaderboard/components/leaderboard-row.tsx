import { Anchor, Badge, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { LeaderboardRow } from '@/db/local-state';
import { UserAvatar } from '@/components/user-avatar';
import { handleText, UserHandle } from '@/components/user-handle';

/** One place on the board: rank, avatar, handle (a link to the profile), level, streak and week's XP. */
export function LeaderboardRowItem({ row }: { row: LeaderboardRow }) {
  const { t, i18n } = useTranslation('leaderboard');
  const router = useRouter();
  const nf = new Intl.NumberFormat(i18n.language);
  // By href: the profile by id is another screen's route (/p/{id}); my own row opens /profile.
  const href = row.is_me ? '/profile' : `/p/${encodeURIComponent(row.user_id)}`;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      gap="sm"
      data-testid="leaderboard-row"
      data-user-id={row.user_id}
      data-me={row.is_me || undefined}
      aria-current={row.is_me ? 'true' : undefined}
    >
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Text fw={800} w={28} ta="center" aria-hidden>
          {row.rank}
        </Text>
        <VisuallyHidden>{t('rank', { rank: row.rank })}</VisuallyHidden>
        <UserAvatar profile={row} />
        <Stack gap={0} miw={0}>
          <Group gap={6} wrap="nowrap" miw={0}>
            <Anchor
              href={href}
              fw={700}
              miw={0}
              display="block"
              // One word for screen readers: the handle's two boxes would read as two.
              aria-label={handleText(row.username, row.discriminator)}
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
            {row.is_me && (
              <Badge size="xs" variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
                {t('you')}
              </Badge>
            )}
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t('level', { level: row.level })}
            </Text>
            <Group gap={2} wrap="nowrap">
              <IconFlame size={14} aria-hidden />
              <Text size="xs" c="dimmed">
                {row.current_streak > 0 ? t('streak', { count: row.current_streak }) : t('noStreak')}
              </Text>
            </Group>
          </Group>
        </Stack>
      </Group>
      <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="leaderboard-xp">
        {t('xp', { xp: nf.format(row.week_xp) })}
      </Text>
    </Group>
  );
}
