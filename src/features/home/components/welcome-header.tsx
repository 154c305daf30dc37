import { Group, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOfYear } from '@/domain/dates';
import { partNamespace } from '@/lib/i18n/locale-parts';
import { formatDay } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import { streakBand, streakMessageKey } from '../model/streak-message';
import { SyncIndicator } from './sync-indicator';

interface WelcomeHeaderProps {
  name: string;
  today: string;
  streak: number;
}

export function WelcomeHeader({ name, today, streak }: WelcomeHeaderProps) {
  const { t } = useTranslation('home');
  const locale = useFormatLocale();
  const date = formatDay(today, locale, { weekday: 'long', day: 'numeric', month: 'long' });
  return (
    <Group justify="space-between" align="flex-start" gap="md">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text size="sm" c="dimmed" fw={600} tt="capitalize">
          {date}
        </Text>
        {/* A 12-letter name in wide letters is wider than a 360 px phone: it wraps instead of running off. */}
        <Title order={1} fz={{ base: 28, sm: 34 }} lh={1.15} style={{ overflowWrap: 'anywhere' }}>
          {name ? t('welcome', { name }) : t('welcomeAnonymous')}
        </Title>
        {streak > 0 ? (
          // The band's messages load on their own (motivation@streak.<band>); until then an empty line
          // keeps the layout, so the subtitle never flashes before the message.
          <Suspense fallback={<Text c="dimmed">&nbsp;</Text>}>
            <StreakLine today={today} streak={streak} />
          </Suspense>
        ) : (
          <Text c="dimmed">{t('subtitle')}</Text>
        )}
      </Stack>
      <SyncIndicator />
    </Group>
  );
}

/** Today's streak message for the streak's band (the subtitle when the band has none). */
function StreakLine({ today, streak }: { today: string; streak: number }) {
  const band = streakBand(streak);
  const namespace = partNamespace('motivation', `streak.${band}`);
  const { t, i18n } = useTranslation(['home', namespace]);
  // Interpolated after picking, so {{count}} in a message reads the streak.
  const keys = Object.keys(t(`streak.${band}`, { ns: namespace, returnObjects: true }));
  const key = streakMessageKey(band, keys, streak, dayOfYear(today));
  const message =
    key !== undefined
      ? i18n.t(`streak.${band}.${key}`, { ns: namespace, count: streak, defaultValue: '' })
      : undefined;
  return <Text c="dimmed">{message || t('home:subtitle')}</Text>;
}
