import { createLazyRoute, useNavigate, useSearch } from '@tanstack/react-router';
import { useUserData } from '@/sync/user-data-context';
import { LeaderboardSection } from '@/features/leaderboard/components/leaderboard-section';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { useLocalProgress } from '@/db/progress/use-local-progress';

export const Route = createLazyRoute('/_app/profile')({ component: ProfileRoutePage });

function ProfileRoutePage() {
  const { db, userId, sync } = useUserData();
  const progress = useLocalProgress(db, userId);
  const search = useSearch({ from: '/_app/profile' });
  const navigate = useNavigate({ from: '/profile' });
  return (
    <ProfilePage
      db={db}
      userId={userId}
      sync={sync}
      progress={progress}
      addFriendOpen={search.addFriend === 1}
      onAddFriendOpenChange={(open) => void navigate({ search: open ? { addFriend: 1 } : {}, replace: true })}
      leaderboardSection={<LeaderboardSection db={db} userId={userId} />}
    />
  );
}
