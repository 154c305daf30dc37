// The two badge counts the spec re-queries on any realtime change for the user: unread notifications
// and pending friend requests received. Count-only HEAD selects; failures leave the old counts.
import type { DatabaseClient } from '../../src/db/database';

export interface BadgeCounts {
  unreadNotifications: number;
  pendingFriendRequests: number;
}

export async function queryCounts(client: DatabaseClient, userId: string): Promise<BadgeCounts | null> {
  const [notifications, requests] = await Promise.all([
    client
      .from('notifications')
      .select('id', { count: 'exact', head: true })
      .eq('user_id', userId)
      .eq('is_read', false)
      .eq('_deleted', false),
    client
      .from('friend_requests')
      .select('id', { count: 'exact', head: true })
      .eq('receiver_id', userId)
      .eq('status', 'pending')
      .eq('_deleted', false),
  ]);
  if (notifications.error || requests.error) return null;
  return {
    unreadNotifications: notifications.count ?? 0,
    pendingFriendRequests: requests.count ?? 0,
  };
}
