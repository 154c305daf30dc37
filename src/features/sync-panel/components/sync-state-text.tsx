import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTimeOfDay } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import type { SyncView } from '../model/sync-view';

/**
 * The state in words: offline, sign in again, sending N, a new device's first pull, all saved (and when),
 * live updates reconnecting.
 */
export function SyncStateText({ view }: { view: SyncView }) {
  const { t } = useTranslation('sync');
  const locale = useFormatLocale();
  const lines: string[] = [];
  if (!view.online) lines.push(t('panel.offline'));
  else if (view.needsToken) lines.push(t('panel.signIn'));
  if (view.online && view.sending > 0) lines.push(t('panel.sending', { count: view.sending }));
  if (view.firstPull && !view.needsToken) {
    lines.push(t('panel.firstPull'));
    if (view.firstPullProgress) lines.push(t('panel.firstPullProgress', view.firstPullProgress));
  } else if (view.online && !view.needsToken && view.sending === 0 && view.refused === 0) {
    lines.push(
      view.lastSyncedAt === null
        ? t('panel.saved')
        : t('panel.savedAt', { time: formatTimeOfDay(view.lastSyncedAt, locale) }),
    );
  }
  if (view.reconnecting) lines.push(t('panel.reconnecting'));
  return (
    <Stack gap={4} role="status" data-sync-panel-state={view.headline}>
      {lines.map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
    </Stack>
  );
}
