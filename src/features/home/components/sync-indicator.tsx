import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTimeOfDay } from '@/lib/time-format';
import { openSyncPanel } from '@/lib/sync-panel-state';
import { useFormatLocale } from '@/lib/use-format-locale';
import { LazyTooltip } from '@/lib/lazy/lazy-tooltip';
import { useSyncStatus } from '@/sync/use-sync-status';

/**
 * A quiet badge: synced, saving n changes, offline, n changes not saved (refused for good), or a problem
 * the worker keeps retrying; the tooltip explains. A click opens the shell's sync panel.
 */
export function SyncIndicator() {
  const { t } = useTranslation('home');
  const locale = useFormatLocale();
  const { status, worker } = useSyncStatus();
  if (!status) return null;
  const time = status.lastSyncedAt ? formatTimeOfDay(status.lastSyncedAt, locale) : null;
  const refused = status.failedWrites.length + status.rejectedRequests.length;
  // A new device's first pull: nothing synced yet, so "Synced" would explain the empty screens wrongly.
  const firstPull =
    worker.state === 'running' && status.online && (worker.lastSyncedAt ?? status.lastSyncedAt) === null;
  const look = {
    synced: firstPull
      ? {
          icon: <IconRefresh size={14} color="var(--mantine-color-blue-6)" aria-hidden />,
          label: t('sync.loading'),
          hint: t('sync.loadingHint'),
        }
      : {
          icon: <IconCloudCheck size={14} color="var(--mantine-color-teal-6)" aria-hidden />,
          label: t('sync.synced'),
          hint: time ? t('sync.syncedAt', { time }) : t('sync.synced'),
        },
    pending: {
      icon: <IconRefresh size={14} color="var(--mantine-color-blue-6)" aria-hidden />,
      label: t('sync.pending', { count: Math.max(1, status.pendingWrites) }),
      hint: t('sync.pendingHint'),
    },
    offline: {
      icon: <IconCloudOff size={14} color="var(--mantine-color-yellow-6)" aria-hidden />,
      label:
        status.pendingWrites > 0
          ? `${t('sync.offline')} · ${t('sync.pending', { count: status.pendingWrites })}`
          : t('sync.offline'),
      hint: t('sync.offlineHint'),
    },
    // Refused for good (see the panel's list) or still being retried: two different messages.
    error: {
      icon: <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" aria-hidden />,
      label: refused > 0 ? t('sync.refused', { count: refused }) : t('sync.error'),
      hint: refused > 0 ? t('sync.refusedHint') : t('sync.errorHint'),
    },
  }[status.state];
  return (
    <LazyTooltip label={look.hint} multiline w={260} withArrow>
      <Badge
        component="button"
        type="button"
        onClick={openSyncPanel}
        variant="light"
        // Gray for legible text in both schemes; the icon's colour tells the state at a glance.
        color="gray"
        leftSection={look.icon}
        radius="xl"
        size="md"
        tt="none"
        style={{ cursor: 'pointer' }}
        aria-haspopup="dialog"
        aria-label={`${t('sync.label')}: ${look.label}`}
        data-sync-state={status.state}
        data-pending-writes={status.pendingWrites}
        data-refused-writes={refused}
      >
        {look.label}
      </Badge>
    </LazyTooltip>
  );
}
