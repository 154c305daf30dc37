import { ActionIcon, Badge } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCloudCheck,
  IconCloudOff,
  IconCloudUpload,
  IconLogin,
} from '@tabler/icons-react';
import { memo, type ComponentType } from 'react';
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
  const { status, worker } = useSyncStatus();
  const opened = useSyncPanelOpened();
  if (!status) return null;
  const view = syncView(status, worker);
  return (
    <SyncButtonView headline={view.headline} sending={view.sending} refused={view.refused} opened={opened} />
  );
}

interface SyncButtonViewProps {
  headline: SyncHeadline;
  sending: number;
  refused: number;
  opened: boolean;
}

/**
 * What the button shows, from plain values: the sync status changes many times while the worker starts
 * and pulls (each change renders synchronously), mostly without changing these, and then this is skipped.
 */
const SyncButtonView = memo(function SyncButtonView({
  headline,
  sending,
  refused,
  opened,
}: SyncButtonViewProps) {
  const { t } = useTranslation('sync');
  const label =
    headline === 'sending'
      ? t('button.sending', { count: sending })
      : headline === 'refused'
        ? t('button.refused', { count: refused })
        : t(`button.${headline}`);
  const Icon = ICONS[headline];
  const count = headline === 'refused' ? badgeText(refused) : null;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      aria-label={label}
      title={label}
      aria-haspopup="dialog"
      aria-expanded={opened}
      data-sync-button={headline}
      pos="relative"
      style={{ overflow: 'visible' }}
      onPointerDown={preloadSyncPanel}
      onFocus={preloadSyncPanel}
      onClick={openSyncPanel}
    >
      <Icon size={20} stroke={1.75} color={COLORS[headline]} aria-hidden />
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
});
