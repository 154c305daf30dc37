import { useEffect } from 'react';
import { closeSyncPanel, useSyncPanelOpened } from '@/lib/sync-panel-state';
import { preloadSyncPanel, syncPanelPart } from '../sync-panel-part';

/** The one sync panel of the signed-in shell, rendered once its code has loaded (at the latest on open). */
export function SyncPanelHost() {
  const opened = useSyncPanelOpened();
  const part = syncPanelPart.useLoaded();
  useEffect(() => {
    if (opened && part === null) preloadSyncPanel();
  }, [opened, part]);
  if (part === null) return null;
  return <part.SyncPanel opened={opened} onClose={closeSyncPanel} />;
}
