import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { useJoinRefusals } from '@/db/join-status';
import { toastError } from '@/lib/feedback/toast';

/**
 * A join request the server refused after the fact (offline, then refused: the workout is gone, no longer
 * a friend's, or a clash another device made): the button went back to Join; say why once, then dismiss.
 */
export function JoinRefusalToasts() {
  const { t } = useTranslation(['home', 'common']);
  const { db } = useUserData();
  const { refused, dismiss } = useJoinRefusals(db, 'request');
  useEffect(() => {
    for (const r of refused) {
      toastError(r.code === 'join_clash' ? t('join.refusedClash') : t('join.refused'), {
        id: r.key,
        title: t('common:join.failed'),
      });
      void dismiss(r.key);
    }
  }, [refused, dismiss, t]);
  return null;
}
