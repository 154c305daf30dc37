/**
 * Tells the signed-in user about this device's storage (src/lib/storage-health): a full quota, and data
 * the browser cleared. Renders nothing; the notices are toasts in the user's language. A change that
 * could not be stored here goes to the server through the sync worker's online RPC when it can.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpotterDatabase } from '@/db/types';
import { toastError, toastInfo } from '@/lib/feedback/toast';
import { quietQuotaRejections } from '@/db/storage-health/quiet-rejections';
import { watchStorage, type StorageNotice } from '@/lib/storage-health/storage-watch';
import type { SyncWorkerClient } from '@/sync/sync-worker-client';

interface StorageNoticesProps {
  db: SpotterDatabase;
  sync: Pick<SyncWorkerClient, 'rpc'>;
}

export function StorageNotices({ db, sync }: StorageNoticesProps) {
  // No suspense: this sits above the first signed-in screen, which must not wait for the sync texts.
  const { i18n } = useTranslation('sync', { useSuspense: false });

  useEffect(() => {
    const say = (notice: StorageNotice) => {
      void i18n.loadNamespaces('sync').then(() => show(notice));
    };
    const show = (notice: StorageNotice) => {
      const t = i18n.getFixedT(null, 'sync');
      if (notice === 'evicted') {
        toastInfo(t('storage.evicted'), { id: 'storage-evicted' });
        return;
      }
      const message =
        notice === 'full-saved-online'
          ? t('storage.savedOnline')
          : notice === 'full-not-saved'
            ? t('storage.notSaved')
            : t('storage.full');
      // Each outcome its own id: a later general notice must not hide what happened to a change.
      toastError(message, { title: t('storage.title'), id: `storage-${notice}` });
    };
    // A write the quota refused fails its caller too (a command awaited by a click handler): the user is
    // told by the watch, so the rejection is not also an uncaught error.
    const stopQuieting = quietQuotaRejections(window);
    const stop = watchStorage({
      db,
      send: (rpc, args) => sync.rpc(rpc, args),
      isOnline: () => navigator.onLine,
      say,
      storageManager: typeof navigator === 'undefined' ? undefined : navigator.storage,
    });
    return () => {
      stopQuieting();
      stop();
    };
  }, [db, sync, i18n]);

  return null;
}
