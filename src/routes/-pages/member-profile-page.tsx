import { useCallback } from 'react';
import { AppShell } from '@/app/shell/app-shell';
import { useUserData } from '@/sync/user-data-context';
import { UserDataProvider } from '@/app/user-data/user-data-provider';
import { SessionGuard } from '@/features/auth/components/session-guard';
import { ActivitySocial } from '@/features/profile/components/activity-social';
import { PublicProfileView, type AddFriendResult } from '@/features/profile/components/public-profile-view';
import { sendFriendRequestByHandle } from '@/db/commands/friends';
import { markFriendRequestNotificationsRead } from '@/db/commands/notifications';
import {
  loadAsMember,
  type ActivityItem,
  type ProfileRef,
  type PublicProfile,
} from '@/features/profile/data/public-profile';
import { usePublicProfile } from '@/features/profile/data/use-public-profile';
import { formatHandle } from '@/domain/identity';

/** A signed-in member's view of a profile, inside the app shell like every signed-in screen. */
export default function MemberProfilePage({ profileRef }: { profileRef: ProfileRef | null }) {
  return (
    <SessionGuard>
      {({ user, accessToken }) => (
        <UserDataProvider user={user} accessToken={accessToken}>
          <AppShell>
            <MemberProfile profileRef={profileRef} />
          </AppShell>
        </UserDataProvider>
      )}
    </SessionGuard>
  );
}

// Flex and Join under a friend's activity (the view shows them to friends only).
const activitySocial = (item: ActivityItem, profile: PublicProfile) => (
  <ActivitySocial item={item} owner={{ id: profile.id, name: profile.username }} />
);

function MemberProfile({ profileRef }: { profileRef: ProfileRef | null }) {
  const { db, userId, sync } = useUserData();
  const load = useCallback((ref: ProfileRef) => loadAsMember(ref, { db, userId, sync }), [db, userId, sync]);
  const state = usePublicProfile(profileRef, load);
  const addFriend = useCallback(
    async (profile: PublicProfile): Promise<AddFriendResult> => {
      // A ledger intent: shown as sent at once, queued offline, delivered once (src/db/commands/friends.ts).
      const result = await sendFriendRequestByHandle(
        { db, userId },
        formatHandle(profile.username, profile.discriminator),
      );
      if (!result.ok) return { ok: false, message: result.error.message };
      // Accepting their request here deals with its notification, as Accept on /profile does.
      if (profile.friendship_status === 'request_received') {
        await markFriendRequestNotificationsRead({ db, userId }, { senderId: profile.id });
      }
      return { ok: true };
    },
    [db, userId],
  );
  return (
    <PublicProfileView
      state={profileRef === null ? { status: 'invalid' } : state}
      viewer="member"
      onAddFriend={addFriend}
      activitySocial={activitySocial}
    />
  );
}
