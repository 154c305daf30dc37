import { Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { formatDay } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import { chartMax, weeklyXp } from '../model/weekly-xp';
import classes from './home.module.css';
import { useLive } from '@/sync/use-live';

/** XP per week for the last eight weeks as bars, with a table for screen readers. */
export const WeeklyXpCard = memo(function WeeklyXpCard({
  today,
  zone,
  pendingXp,
}: {
  today: string;
  zone: string;
  pendingXp: number;
}) {
  const { t } = useTranslation('home');
  const locale = useFormatLocale();
  const { userId } = useUserData();
  const events = useLive((db) => db.xp_events.find({ selector: { user_id: userId } }), [userId]);
  const weeks = useMemo(
    () => weeklyXp({ events: events ?? [], today, timeZone: zone, pendingXp }),
    [events, today, zone, pendingXp],
  );
  const max = chartMax(weeks);
  const total = weeks.reduce((sum, w) => sum + w.xp, 0);
  const fmt = (day: string) => formatDay(day, locale, { day: 'numeric', month: 'short' });
  // Axis labels: numeric day and month, short enough for eight bars in a narrow column.
  const nf = new Intl.NumberFormat(locale);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="xp-chart-title">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="h4" id="xp-chart-title">
            {t('xpChart.title')}
          </Title>
          <Text size="sm" c="dimmed" data-testid="xp-chart-total">
            {t('xpChart.total', { xp: nf.format(total) })}
          </Text>
        </Group>
        <div className={classes.bars} aria-hidden data-testid="xp-chart">
          {weeks.map((w) => (
            <div key={w.start} className={classes.barColumn}>
              <Text size="10px" c="dimmed" fw={600}>
                {w.xp > 0 ? nf.format(w.xp) : ''}
              </Text>
              <div
                className={classes.bar}
                data-current={w.current || undefined}
                data-xp={w.xp}
                style={{ height: `${Math.max(3, (100 * w.xp) / max)}%` }}
              />
              <Text size="10px" c={w.current ? 'bright' : 'dimmed'} fw={w.current ? 700 : 400} truncate>
                {formatDay(w.start, locale, { day: 'numeric', month: 'numeric' })}
              </Text>
            </div>
          ))}
        </div>
        <VisuallyHidden>
          <table>
            <caption>{t('xpChart.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('xpChart.week')}</th>
                <th scope="col">{t('xpChart.xp')}</th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((w) => (
                <tr key={w.start}>
                  <th scope="row">
                    {w.current ? `${fmt(w.start)} (${t('xpChart.thisWeek')})` : fmt(w.start)}
                  </th>
                  <td>{w.xp}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </Stack>
    </Card>
  );
});
