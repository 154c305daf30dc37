import { Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { profileDetails$ } from '@/db/local-state';
import { incomingFriendRequests } from '@/db/queries';
import type { SpotterDatabase } from '@/db/types';
import { usePageTitle } from '@/lib/use-page-title';
import type { FriendRpc } from '../data/friend-actions';
import type { PhotoStorage } from '../data/profile-picture';
import { useRefusedProfileWrites } from '../data/use-refused-profile-writes';
import { AddFriendDialog } from './add-friend-dialog';
import { AvatarSection } from './avatar-section';
import { DiscoverSection } from './discover-section';
import { EditProfileCard } from './edit-profile-card';
import { FriendRequestsCard } from './friend-requests-card';
import { FriendsSection } from './friends-section';
import { InviteSection } from './invite-section';
import { OwnProfileCard, type ProfileProgress } from './own-profile-card';
import { ProfileQuickLinks } from './profile-quick-links';
import { VisibilityCard } from './visibility-card';
import { useLiveSource } from '@/db/use-live-query';

export interface ProfilePageProps {
  db: SpotterDatabase;
  userId: string;
  sync: FriendRpc & PhotoStorage;
  /** The progression view model (local writes included); the profile row's numbers until it loads. */
  progress: ProfileProgress | undefined;
  /** The add-friend dialog is open (the route's `?addFriend=1`). */
  addFriendOpen: boolean;
  onAddFriendOpenChange: (open: boolean) => void;
  /** The friends' weekly leaderboard (the leaderboard feature), composed by the route. */
  leaderboardSection?: ReactNode;
}

/**
 * /profile: the own profile card, editing it and who sees it (issue 14), incoming friend requests with
 * Accept and Decline, Add friend by Spotter ID, the friends list with sent requests, avatar and photo, and
 * Discover people.
 */
export function ProfilePage({
  db,
  userId,
  sync,
  progress,
  addFriendOpen,
  onAddFriendOpenChange,
  leaderboardSection,
}: ProfilePageProps) {
  const { t } = useTranslation('profile');
  usePageTitle(t('page.title'));
  const profile = useLiveSource(() => db.profiles.findOne(userId), [db, userId]);
  const requests = useLiveSource(() => incomingFriendRequests(db, userId), [db, userId]);
  const storedDetails = useLiveSource(() => profileDetails$(db), [db]);
  // The local document is the owner's row; another user's (a switch of account) is not shown.
  const details = storedDetails && storedDetails.id === userId ? storedDetails : null;
  const { refused, dismiss } = useRefusedProfileWrites(db, userId);

  return (
    <Container size={720} py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={1} fz="h2">
            {t('page.title')}
          </Title>
          <Group
            gap="xs"
            wrap="wrap"
            data-walkthrough="profile-actions"
            role="group"
            aria-label={t('page.actions')}
          >
            <Button
              leftSection={<IconUserPlus size={18} aria-hidden />}
              onClick={() => onAddFriendOpenChange(true)}
            >
              {t('page.addFriend')}
            </Button>
            <ProfileQuickLinks />
          </Group>
        </Group>

        {profile === undefined ? (
          <Center mih={160} role="status" aria-label={t('own.loading')}>
            <Loader />
          </Center>
        ) : profile === null ? (
          <Text c="dimmed">{t('own.notSynced')}</Text>
        ) : (
          <>
            <OwnProfileCard profile={profile} progress={progress} />
            <EditProfileCard
              db={db}
              userId={userId}
              profile={profile}
              details={details}
              refused={refused}
              onDismissRefused={(key) => void dismiss(key)}
            />
            <AvatarSection db={db} userId={userId} profile={profile} storage={sync} />
            <VisibilityCard db={db} userId={userId} visibility={profile.visibility} />
            <InviteSection profile={profile} />
          </>
        )}

        <FriendRequestsCard db={db} userId={userId} requests={requests ?? []} sync={sync} />
        <FriendsSection db={db} userId={userId} sync={sync} />
        {leaderboardSection}

        <DiscoverSection db={db} userId={userId} sync={sync} />
      </Stack>
      <AddFriendDialog
        opened={addFriendOpen}
        onClose={() => onAddFriendOpenChange(false)}
        db={db}
        userId={userId}
      />
    </Container>
  );
}
