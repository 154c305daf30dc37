import { Group, Text } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { deviceTimeZone } from '@/lib/device-zone';
import { pending$ } from '@/db/pending-writes';
import type { SpotterDatabase } from '@/db/types';
import { dayBoundary } from '../model/day-boundary';
import { useLiveSource } from '@/db/use-live-query';

interface DayBoundaryNoteProps {
  db: SpotterDatabase;
  userId: string;
  /** The profile's zone, resolved (the device's until the profile loads). */
  zone: string;
  /** Tests set the device's zone. */
  readDeviceZone?: () => string | null;
}

/** One quiet line under the page description: in which zone the streak's day ends (issue 13, travel). */
export function DayBoundaryNote({ db, userId, zone, readDeviceZone = deviceTimeZone }: DayBoundaryNoteProps) {
  const { t } = useTranslation('schedule');
  const pending = useLiveSource(() => pending$(db), [db]);
  const boundary = dayBoundary(zone, readDeviceZone(), pending, userId);
  // IANA names read better with spaces ("America/New York").
  const name = (z: string) => z.replaceAll('_', ' ');
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="schedule-day-boundary">
      <IconClock size={16} aria-hidden style={{ flex: 'none', marginTop: 3 }} />
      <Text size="sm" c="dimmed">
        {boundary.kind === 'device'
          ? t('dayBoundary.device', { zone: name(boundary.zone) })
          : boundary.kind === 'pending'
            ? t('dayBoundary.pending', { zone: name(boundary.zone), previous: name(boundary.previous) })
            : t('dayBoundary.profile', { zone: name(boundary.zone), device: name(boundary.device) })}
      </Text>
    </Group>
  );
}
