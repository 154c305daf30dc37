import { useUserData } from '@/sync/user-data-context';
import { JoinControl } from '@/components/join-control';
import { useJoinAction, type JoinTarget } from '@/db/join-status';

/** Join under a friend's planned workout in the feed (one per item, with its own clash question). */
export function FeedJoin({ target, friend, today }: { target: JoinTarget; friend: string; today: string }) {
  const { db, userId } = useUserData();
  return <JoinControl action={useJoinAction(db, userId, target, today)} friend={friend} />;
}
