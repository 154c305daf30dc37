// The sync panel (its own chunk, loaded on the first open): the state in words (and a full device,
// src/lib/storage-health), "Sync now", and every write the server refused for good with its reason,
// Discard and, where it is safe, Retry.
import { Button, Drawer, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useDeviceStorageFull } from '@/lib/storage-health/device-storage-state';
import { useSyncStatus } from '@/sync/use-sync-status';
import { syncView } from '../model/sync-view';
import { RefusedWritesList } from './refused-writes-list';
import { SyncStateText } from './sync-state-text';

export interface SyncPanelProps {
  opened: boolean;
  onClose: () => void;
}

export function SyncPanel({ opened, onClose }: SyncPanelProps) {
  const { t } = useTranslation('sync');
  const sync = useSyncStatus();
  const view = sync.status ? syncView(sync.status, sync.worker) : null;
  const storageFull = useDeviceStorageFull();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t('panel.title')}
      closeButtonProps={{ 'aria-label': t('panel.close') }}
      data-sync-panel=""
    >
      {view !== null && sync.status && (
        <Stack gap="md">
          <SyncStateText view={view} />
          {storageFull && (
            <Text size="sm" fw={500} data-sync-panel-storage="full">
              {t('storage.full')}
            </Text>
          )}
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={sync.syncNow}
            disabled={!view.online}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('panel.syncNow')}
          </Button>
          {view.refused > 0 && (
            <Stack gap="xs" component="section" aria-labelledby="sync-panel-refused">
              <Title order={3} size="h5" id="sync-panel-refused">
                {t('panel.refusedTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('panel.refusedIntro')}
              </Text>
              <RefusedWritesList
                failed={sync.status.failedWrites}
                rejected={sync.status.rejectedRequests}
                dismissFailedWrite={sync.dismissFailedWrite}
                dismissRejectedRequest={sync.dismissRejectedRequest}
              />
            </Stack>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
