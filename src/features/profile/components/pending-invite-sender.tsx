import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { formatHandle } from '@/domain/identity';
import { clearPendingInvite, savePendingInvite } from '@/lib/pending-invite';
import { sendFriendRequestByHandle } from '@/db/commands/friends';
import { toPublicProfile } from '../data/public-profile';
import { toastSuccess } from '@/lib/feedback/toast';

/**
 * Sends the pending invite's friend request once. The invite is cleared before asking (a second tab or a
 * remount does not send it again) and put back only when the device was offline, so that it is tried on
 * the next start. Myself, an existing friendship or request, or a profile the server no longer shows:
 * nothing to send, the invite is dropped.
 */
/** Invites this page has already taken on (an effect may run twice: StrictMode, a remount). */
const taken = new Set<string>();

export default function PendingInviteSender({ slug }: { slug: string }) {
  const { db, sync, userId } = useUserData();
  const { t } = useTranslation('people');

  useEffect(() => {
    if (taken.has(slug)) return;
    taken.add(slug);
    clearPendingInvite();
    void (async () => {
      const answer = await sync.rpc('get_public_profile', { p_slug: slug });
      if (!answer.ok) {
        if (answer.error.status === 0) savePendingInvite(slug);
        return;
      }
      const profile = toPublicProfile(Array.isArray(answer.data) ? (answer.data[0] as unknown) : answer.data);
      if (
        !profile ||
        (profile.friendship_status !== 'none' && profile.friendship_status !== 'request_received')
      ) {
        return;
      }
      // A ledger intent from here on: delivered once by the sync worker, also after going offline.
      const result = await sendFriendRequestByHandle(
        { db, userId },
        formatHandle(profile.username, profile.discriminator),
      );
      if (result.ok) toastSuccess(t('followUp.sent', { name: profile.username }));
    })();
  }, [db, sync, userId, slug, t]);

  return null;
}
