import { ActionIcon, Badge } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCloudCheck,
  IconCloudOff,
  IconCloudUpload,
  IconLogin,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { badgeText } from '@/domain/badge';
import { openSyncPanel, useSyncPanelOpened } from '@/lib/sync-panel-state';
import { useSyncStatus } from '@/sync/use-sync-status';
import { syncView, type SyncHeadline } from '../model/sync-view';
import { preloadSyncPanel } from '../sync-panel-part';

type IconProps = { size: number; stroke: number; color?: string | undefined; 'aria-hidden': boolean };

const ICONS: Record<SyncHeadline, ComponentType<IconProps>> = {
  saved: IconCloudCheck,
  sending: IconCloudUpload,
  offline: IconCloudOff,
  signIn: IconLogin,
  refused: IconAlertTriangle,
};

// The colour tells the state at a glance (the home badge's colours); the name says it in words.
const COLORS: Partial<Record<SyncHeadline, string>> = {
  offline: 'var(--mantine-color-yellow-7)',
  signIn: 'var(--mantine-color-yellow-7)',
  refused: 'var(--mantine-color-red-7)',
};

/**
 * The shell's sync button (both headers, next to the bell): its icon and accessible name tell the state
 * (all saved, sending N, offline, sign in again, N not saved); it opens the sync panel.
 */
export function SyncButton() {
  const { t } = useTranslation('sync');
  const { status, worker } = useSyncStatus();
  const opened = useSyncPanelOpened();
  if (!status) return null;
  const view = syncView(status, worker);
  const label = {
    saved: t('button.saved'),
    sending: t('button.sending', { count: view.sending }),
    offline: t('button.offline'),
    signIn: t('button.signIn'),
    refused: t('button.refused', { count: view.refused }),
  }[view.headline];
  const Icon = ICONS[view.headline];
  const count = view.headline === 'refused' ? badgeText(view.refused) : null;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      aria-label={label}
      title={label}
      aria-haspopup="dialog"
      aria-expanded={opened}
      data-sync-button={view.headline}
      pos="relative"
      style={{ overflow: 'visible' }}
      onPointerDown={preloadSyncPanel}
      onFocus={preloadSyncPanel}
      onClick={openSyncPanel}
    >
      <Icon size={20} stroke={1.75} color={COLORS[view.headline]} aria-hidden />
      {count !== null && (
        <Badge
          size="xs"
          circle={count.length === 1}
          variant="filled"
          color="red.8"
          aria-hidden
          pos="absolute"
          top={-6}
          right={-6}
          style={{ pointerEvents: 'none' }}
        >
          {count}
        </Badge>
      )}
    </ActionIcon>
  );
}
