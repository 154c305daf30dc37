import type { TFunction } from 'i18next';
import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeOfDay } from '@/lib/time-format';
import { openSyncPanel } from '@/lib/sync-panel-state';
import { useFormatLocale } from '@/lib/use-format-locale';
import { LazyTooltip } from '@/lib/lazy/lazy-tooltip';
import type { PageSyncStatus } from '@/sync/page-sync-status';
import { useSyncStatus } from '@/sync/use-sync-status';

/**
 * A quiet badge: synced, saving n changes, offline, n changes not saved (refused for good), or a problem
 * the worker keeps retrying; the tooltip explains. A click opens the shell's sync panel.
 */
export function SyncIndicator() {
  const locale = useFormatLocale();
  const { status, worker } = useSyncStatus();
  if (!status) return null;
  // A new device's first pull: nothing synced yet, so "Synced" would explain the empty screens wrongly.
  const firstPull =
    worker.state === 'running' && status.online && (worker.lastSyncedAt ?? status.lastSyncedAt) === null;
  return (
    <SyncBadge
      state={status.state}
      pendingWrites={status.pendingWrites}
      refused={status.failedWrites.length + status.rejectedRequests.length}
      firstPull={firstPull}
      time={status.lastSyncedAt ? formatTimeOfDay(status.lastSyncedAt, locale) : null}
    />
  );
}

interface SyncBadgeProps {
  state: PageSyncStatus['state'];
  pendingWrites: number;
  refused: number;
  firstPull: boolean;
  time: string | null;
}

/**
 * The badge from plain values: the sync status changes many times while the worker starts and pulls
 * (each change renders synchronously), mostly without changing these, and then this is skipped.
 */
const SyncBadge = memo(function SyncBadge({
  state,
  pendingWrites,
  refused,
  firstPull,
  time,
}: SyncBadgeProps) {
  const { t } = useTranslation('home');
  const look = badgeLook(t, { state, pendingWrites, refused, firstPull, time });
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
        data-sync-state={state}
        data-pending-writes={pendingWrites}
        data-refused-writes={refused}
      >
        {look.label}
      </Badge>
    </LazyTooltip>
  );
});

/** The icon, label and hint of the current state only (the others' texts are not built). */
function badgeLook(
  t: TFunction<'home'>,
  { state, pendingWrites, refused, firstPull, time }: SyncBadgeProps,
): { icon: ReactNode; label: string; hint: string } {
  switch (state) {
    case 'synced':
      return firstPull
        ? {
            icon: <IconRefresh size={14} color="var(--mantine-color-blue-6)" aria-hidden />,
            label: t('sync.loading'),
            hint: t('sync.loadingHint'),
          }
        : {
            icon: <IconCloudCheck size={14} color="var(--mantine-color-teal-6)" aria-hidden />,
            label: t('sync.synced'),
            hint: time ? t('sync.syncedAt', { time }) : t('sync.synced'),
          };
    case 'pending':
      return {
        icon: <IconRefresh size={14} color="var(--mantine-color-blue-6)" aria-hidden />,
        label: t('sync.pending', { count: Math.max(1, pendingWrites) }),
        hint: t('sync.pendingHint'),
      };
    case 'offline':
      return {
        icon: <IconCloudOff size={14} color="var(--mantine-color-yellow-6)" aria-hidden />,
        label:
          pendingWrites > 0
            ? `${t('sync.offline')} · ${t('sync.pending', { count: pendingWrites })}`
            : t('sync.offline'),
        hint: t('sync.offlineHint'),
      };
    // Refused for good (see the panel's list) or still being retried: two different messages.
    case 'error':
      return {
        icon: <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" aria-hidden />,
        label: refused > 0 ? t('sync.refused', { count: refused }) : t('sync.error'),
        hint: refused > 0 ? t('sync.refusedHint') : t('sync.errorHint'),
      };
  }
}
