import { createLazyRoute } from '@tanstack/react-router';
import { useUserData } from '@/sync/user-data-context';
import { DailyChallengeCard } from '@/features/challenge/components/daily-challenge-card';
import { useDailyChallenge } from '@/features/challenge/data/use-daily-challenge';
import { HomePage } from '@/features/home/components/home-page';
import { LeaderboardCard } from '@/features/leaderboard/components/leaderboard-card';
import { useLocalProgress } from '@/db/progress/use-local-progress';

export const Route = createLazyRoute('/_app/home')({ component: HomeRoute });

/** Composes the home screen from the features it shows (features do not import each other). */
function HomeRoute() {
  const { db, userId } = useUserData();
  const progress = useLocalProgress(db, userId);
  const challenge = useDailyChallenge();
  const view = challenge.view;
  return (
    <HomePage
      progress={progress}
      challengeCard={<DailyChallengeCard model={challenge} />}
      challengePending={view !== undefined && view.completed && !view.completedOnServer}
      leaderboardCard={<LeaderboardCard db={db} userId={userId} pendingXp={progress?.pendingXp ?? 0} />}
    />
  );
}
