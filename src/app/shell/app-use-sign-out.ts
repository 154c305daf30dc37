import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '@/lib/feedback/toast';

/**
 * Sign out from any of the shell's menus: ends the session, says so ('Signed out successfully.') and
 * returns to the landing page. A refusal shows the server's message under 'Failed to sign out'.
 */
export function useSignOut(): { signOut: () => Promise<void>; busy: boolean } {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const leave = useCallback(async () => {
    setBusy(true);
    // The auth actions (and the auth client) are not part of the first screen: they load on demand.
    const { signOut } = await import('@/features/auth/data/auth-actions');
    const result = await signOut();
    setBusy(false);
    if (result.ok) {
      toastSuccess(t('toast.signedOut'));
      await navigate({ to: '/' });
    } else toastError(result.message, { title: t('toast.signOutFailed') });
  }, [navigate, t]);
  return { signOut: leave, busy };
}
