import { Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SpotterDatabase } from '@/db/types';
import { useWeeklyLeaderboard } from '../data/use-weekly-leaderboard';
import { LeaderboardList } from './leaderboard-list';
import { LeaderboardEmpty, LeaderboardFreshness } from './leaderboard-notes';

/** /profile: the whole weekly board (anchor #leaderboard, the home card's "see all"). */
export function LeaderboardSection({ db, userId }: { db: SpotterDatabase; userId: string }) {
  const { t } = useTranslation('leaderboard');
  const { view, online } = useWeeklyLeaderboard(db, userId);
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      id="leaderboard"
      aria-labelledby="leaderboard-section-title"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" id="leaderboard-section-title">
            {t('fullTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('description')}
          </Text>
        </div>
        {view === undefined ? (
          <Center py="md" role="status" aria-label={t('loading')}>
            <Loader size="sm" />
          </Center>
        ) : view.noFriends ? (
          <LeaderboardEmpty />
        ) : (
          <>
            <LeaderboardList rows={view.rows} />
            <Text size="xs" c="dimmed">
              {t('privateNote')}
            </Text>
            <LeaderboardFreshness view={view} online={online} />
          </>
        )}
      </Stack>
    </Card>
  );
}
