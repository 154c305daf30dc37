import { Anchor, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTrophy, IconUserPlus } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import type { LeaderboardView } from '../model/leaderboard';

/** Nobody but me on the board: an invitation to add friends on /profile. */
export function LeaderboardEmpty() {
  const { t } = useTranslation('leaderboard');
  const router = useRouter();
  return (
    <Group gap="md" py="xs" wrap="nowrap" data-testid="leaderboard-empty">
      <ThemeIcon size={44} radius="xl" variant="light" color="yellow">
        <IconTrophy size={24} aria-hidden />
      </ThemeIcon>
      <Stack gap={4}>
        <Text fw={700}>{t('empty.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('empty.body')}
        </Text>
        <Button
          component="a"
          href="/profile?addFriend=1"
          size="xs"
          variant="light"
          w="fit-content"
          leftSection={<IconUserPlus size={16} aria-hidden />}
          onClick={(event) => {
            event.preventDefault();
            void router.navigate({ href: '/profile?addFriend=1' });
          }}
        >
          {t('empty.action')}
        </Button>
      </Stack>
    </Group>
  );
}

/**
 * How fresh the board is: offline, when it was fetched; after my Monday passed offline, that friends'
 * XP waits for the next fetch.
 */
export function LeaderboardFreshness({ view, online }: { view: LeaderboardView; online: boolean }) {
  const { t } = useTranslation('leaderboard');
  const locale = useFormatLocale();
  if (view.weekTurned) {
    return (
      <Text size="xs" c="dimmed" data-testid="leaderboard-freshness">
        {t('weekTurned')}
      </Text>
    );
  }
  if (online || view.fetchedAt === null) return null;
  const time = formatDateTime(view.fetchedAt, locale);
  return (
    <Text size="xs" c="dimmed" data-testid="leaderboard-freshness">
      {t('asOf', { time })}
    </Text>
  );
}

/** The link from the home card to the whole board on /profile. */
export function LeaderboardSeeAll() {
  const { t } = useTranslation('leaderboard');
  const router = useRouter();
  return (
    <Anchor
      href="/profile#leaderboard"
      size="sm"
      onClick={(event) => {
        event.preventDefault();
        void router.navigate({ href: '/profile#leaderboard' });
      }}
    >
      {t('seeAll')}
    </Anchor>
  );
}
