import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PublicShell } from '@/app/shell/public-shell';
import { PublicProfileView } from '@/features/profile/components/public-profile-view';
import { loadAsVisitor, type ProfileRef } from '@/features/profile/data/public-profile';
import { usePublicProfile } from '@/features/profile/data/use-public-profile';
import { useAuthState } from '@/lib/auth/use-auth-state';

// A member's view runs inside the app shell with the user's data (RxDB, the sync worker): its chunk loads
// only for a signed-in visitor, so a visitor following an invite link downloads none of it.
const MemberProfilePage = lazy(() => import('./member-profile-page'));

interface PublicProfilePageProps {
  /** The profile the link names; `null` for a malformed link. */
  profileRef: ProfileRef | null;
}

/** /u/{slug} and /p/{id}: a visitor sees it in the public frame, a signed-in member inside the app shell. */
export function PublicProfilePage({ profileRef }: PublicProfilePageProps) {
  const auth = useAuthState();
  if (auth.status === 'loading') return <Waiting />;
  if (auth.status === 'signedIn') {
    return (
      <Suspense fallback={<Waiting />}>
        <MemberProfilePage profileRef={profileRef} />
      </Suspense>
    );
  }
  return (
    <PublicShell>
      <VisitorProfile profileRef={profileRef} />
    </PublicShell>
  );
}

function VisitorProfile({ profileRef }: PublicProfilePageProps) {
  const state = usePublicProfile(profileRef, loadAsVisitor);
  return <PublicProfileView state={profileRef === null ? { status: 'invalid' } : state} viewer="visitor" />;
}

function Waiting() {
  return (
    <Center mih="60vh">
      <Loader />
    </Center>
  );
}
