import { Card, Center, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SpotterDatabase } from '@/db/types';
import { useWeeklyLeaderboard } from '../data/use-weekly-leaderboard';
import { topWithMe } from '../model/leaderboard';
import { LeaderboardList } from './leaderboard-list';
import { LeaderboardEmpty, LeaderboardFreshness, LeaderboardSeeAll } from './leaderboard-notes';

export interface LeaderboardCardProps {
  db: SpotterDatabase;
  userId: string;
  /** XP of my local writes the server has not awarded yet (the progression's pendingXp). */
  pendingXp?: number;
}

/** /home: this week's top three among me and my friends, and my own place when I am not among them. */
export function LeaderboardCard({ db, userId, pendingXp = 0 }: LeaderboardCardProps) {
  const { t } = useTranslation('leaderboard');
  const { view, online } = useWeeklyLeaderboard(db, userId, pendingXp);
  const { top, meBelow } = view ? topWithMe(view) : { top: [], meBelow: null };
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="leaderboard-card-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="leaderboard-card-title">
          {t('title')}
        </Title>
        {view === undefined ? (
          <Center py="md" role="status" aria-label={t('loading')}>
            <Loader size="sm" />
          </Center>
        ) : view.noFriends ? (
          <LeaderboardEmpty />
        ) : (
          <>
            <LeaderboardList rows={top} />
            {meBelow && (
              <>
                <Divider variant="dashed" />
                <LeaderboardList rows={[meBelow]} />
              </>
            )}
            <Group justify="space-between" gap="xs">
              {view.me && (
                <Text size="sm" c="dimmed" data-testid="leaderboard-my-rank">
                  {t('yourRank', { rank: view.me.rank, total: view.rows.length })}
                </Text>
              )}
              <LeaderboardSeeAll />
            </Group>
            <LeaderboardFreshness view={view} online={online} />
          </>
        )}
      </Stack>
    </Card>
  );
}
