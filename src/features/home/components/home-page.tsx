import { Container, SimpleGrid, Stack } from '@mantine/core';
import type { User } from '@supabase/supabase-js';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { useProgressSight } from '@/db/progress-sight';
import { usePageTitle } from '@/lib/use-page-title';
import { useAchievements } from '../data/use-achievements';
import { resolveTimeZone } from '@/domain/dates';
import { useToday } from '@/lib/clock';
import { nextGoal } from '../model/next-goal';
import type { ProgressView } from '../model/progress-view';
import { AchievementsCard } from './achievements-card';
import { ActivityFeed } from './activity-feed';
import { NextGoalCard } from './next-goal-card';
import { ProgressCards } from './progress-card';
import { StreakCalendarCard } from './streak-calendar-card';
import { TodayCard } from './today-card';
import { WeeklyXpCard } from './weekly-xp-card';
import classes from './home.module.css';
import { WelcomeHeader } from './welcome-header';
import { useOwnProfile } from '@/sync/use-live';

/** The name to greet: first name, else username, else what sign-up stored, else the e-mail's local part. */
export function displayName(
  profile: { first_name: string | null; username: string } | null | undefined,
  user: Pick<User, 'user_metadata' | 'email'>,
): string {
  const meta = user.user_metadata;
  const candidates: unknown[] = [
    profile?.first_name,
    profile?.username,
    meta.first_name,
    meta.username,
    meta.name,
    user.email?.split('@')[0],
  ];
  return candidates.find((v): v is string => typeof v === 'string' && v.trim() !== '') ?? '';
}

export interface HomePageProps {
  /** The live progression (the progress feature's `useLocalProgress`); undefined while loading. */
  progress: ProgressView | undefined;
  /** The daily challenge card (the challenge feature), composed by the route. */
  challengeCard: ReactNode;
  /** Today's challenge is claimed on this device and not yet in the server's ledger. */
  challengePending: boolean;
  /** The friends' weekly leaderboard card (the leaderboard feature), composed by the route. */
  leaderboardCard?: ReactNode;
}

/** /home: the daily habit loop at a glance. */
export function HomePage({ progress, challengeCard, challengePending, leaderboardCard }: HomePageProps) {
  const { t } = useTranslation('home');
  const { db, userId, user } = useUserData();
  const profile = useOwnProfile();
  const sight = useProgressSight(db, userId);
  const zone = resolveTimeZone(profile?.timezone);
  const today = useToday(profile?.timezone);
  const achievements = useAchievements(progress, challengePending);
  const goal = useMemo(
    () => (progress ? nextGoal(achievements, progress) : undefined),
    [achievements, progress],
  );
  usePageTitle(t('title'));

  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="lg">
        <WelcomeHeader
          name={displayName(profile, user)}
          today={today}
          streak={progress?.currentStreak ?? 0}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <ProgressCards progress={progress} sight={sight} />
          <NextGoalCard goal={goal} />
        </SimpleGrid>
        <div className={classes.columns}>
          <Stack gap="md">
            <TodayCard today={today} />
            {challengeCard}
            <ActivityFeed today={today} />
          </Stack>
          <Stack gap="md">
            <AchievementsCard achievements={achievements} />
            <StreakCalendarCard today={today} />
            <WeeklyXpCard today={today} zone={zone} pendingXp={progress?.pendingXp ?? 0} />
            {leaderboardCard}
          </Stack>
        </div>
      </Stack>
    </Container>
  );
}
