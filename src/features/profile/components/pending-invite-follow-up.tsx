import { lazy, Suspense, useState } from 'react';
import { readPendingInvite } from '@/lib/pending-invite';

// The sender (RPCs, toasts) loads only when an invite is pending: the first signed-in screen stays as is.
const PendingInviteSender = lazy(() => import('./pending-invite-sender'));

/**
 * After sign-up through an invite link (/u/{slug} -> /register?invite=<slug>), the first signed-in screen
 * sends the friend request to the inviter. Mounted in the signed-in layout; renders nothing.
 */
export function PendingInviteFollowUp() {
  const [slug] = useState(readPendingInvite);
  if (slug === null) return null;
  return (
    <Suspense fallback={null}>
      <PendingInviteSender slug={slug} />
    </Suspense>
  );
}
