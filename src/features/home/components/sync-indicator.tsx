import { Badge } from '@mantine/core';
import { IconAlertTriangle, IconCloudCheck, IconCloudOff, IconRefresh } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/app/user-data/user-data-context';
import { syncStatus$ } from '@/db/sync-status';
import { useLiveValue } from '@/db/use-live-query';
import { formatTimeOfDay } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import { LazyTooltip } from '@/lib/lazy/lazy-tooltip';

/** A quiet badge: synced, saving n changes, offline, or a problem; the tooltip explains. */
export function SyncIndicator() {
  const { t } = useTranslation('home');
  const locale = useFormatLocale();
  const { db } = useUserData();
  const status = useLiveValue(useMemo(() => syncStatus$(db), [db]));
  if (!status) return null;
  const time = status.lastSyncedAt ? formatTimeOfDay(status.lastSyncedAt, locale) : null;
  const look = {
    synced: {
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
    error: {
      icon: <IconAlertTriangle size={14} color="var(--mantine-color-red-6)" aria-hidden />,
      label: t('sync.error'),
      hint: t('sync.errorHint'),
    },
  }[status.state];
  return (
    <LazyTooltip label={look.hint} multiline w={260} withArrow>
      <Badge
        variant="light"
        // Gray for legible text in both schemes; the icon's colour tells the state at a glance.
        color="gray"
        leftSection={look.icon}
        radius="xl"
        size="md"
        tt="none"
        role="status"
        aria-label={`${t('sync.label')}: ${look.label}`}
        data-sync-state={status.state}
        data-pending-writes={status.pendingWrites}
      >
        {look.label}
      </Badge>
    </LazyTooltip>
  );
}
