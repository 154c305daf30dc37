import { Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { memo, useCallback, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { restDaysInRange, workoutsInRange } from '@/db/queries';
import { formatDay } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import { addDays, startOfWeek } from '@/domain/dates';
import { LazyHoverHints } from '@/lib/lazy/lazy-hover-hints';
import { CALENDAR_WEEKS, streakCalendar, type CoverKind } from '../model/streak-calendar';
import classes from './home.module.css';
import { useLive } from '@/sync/use-live';

const KINDS: CoverKind[] = ['workout', 'rest', 'both', 'none'];

/** Covered days over the last six months as a heat map, with a summary and a per-week table for screen readers. */
export const StreakCalendarCard = memo(function StreakCalendarCard({ today }: { today: string }) {
  const { t } = useTranslation('home');
  const locale = useFormatLocale();
  const { userId } = useUserData();
  const from = addDays(startOfWeek(today), -7 * (CALENDAR_WEEKS - 1));
  const workouts = useLive((db) => workoutsInRange(db, userId, from, today), [userId, from, today]);
  const rests = useLive((db) => restDaysInRange(db, userId, from, today), [userId, from, today]);
  const liveCal = useMemo(
    () =>
      streakCalendar({
        today,
        workoutDays: (workouts ?? []).map((w) => w.date),
        restDays: (rests ?? []).map((r) => r.day),
      }),
    [today, workouts, rests],
  );
  // Each emission of the two queries (they come one after the other at start, and again as the sync
  // worker writes) would re-render the 182 cells in one synchronous task (live queries update through
  // useSyncExternalStore); deferred, the cells render in an interruptible background pass. The page
  // stays responsive while a returning user's home loads (Lighthouse TBT, bench web).
  const cal = useDeferredValue(liveCal);
  const fmt = useCallback(
    (day: string) => formatDay(day, locale, { day: 'numeric', month: 'short' }),
    [locale],
  );
  const summary = t('calendar.summary', {
    from: fmt(cal.from),
    covered: cal.coveredDays,
    workouts: cal.workoutDays,
    rests: cal.restDays,
    longest: cal.longestRun,
  });

  // 182 plain cells, built again only when the calendar changes; their hover hint (a date and a status)
  // is made for the hovered cell alone (LazyHoverHints), not a label and a tooltip per cell on each render.
  const cells = useMemo(
    () =>
      cal.weeks
        .flat()
        .map((cell) => (
          <div
            key={cell.day}
            className={classes.heatCell}
            data-kind={cell.kind}
            data-day={cell.day}
            data-today={cell.isToday || undefined}
            data-future={cell.future || undefined}
          />
        )),
    [cal],
  );
  const hintFor = useCallback(
    (element: Element) => {
      const cell = element.closest<HTMLElement>('[data-day]');
      const day = cell?.dataset.day;
      const kind = KINDS.find((known) => known === cell?.dataset.kind);
      if (!cell || day === undefined || kind === undefined || cell.dataset.future !== undefined) return null;
      return {
        target: cell,
        label: t('calendar.cell', { date: fmt(day), status: t(`calendar.legend.${kind}`) }),
      };
    },
    [fmt, t],
  );

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="calendar-title">
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="h4" id="calendar-title">
            {t('calendar.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('calendar.subtitle')}
          </Text>
        </Group>
        <LazyHoverHints hintFor={hintFor} withArrow openDelay={150}>
          <div className={classes.heatGrid} aria-hidden data-testid="streak-calendar">
            {cells}
          </div>
        </LazyHoverHints>
        <Group gap="md" aria-hidden>
          {KINDS.map((kind) => (
            <Group key={kind} gap={6}>
              <div className={classes.heatCell} data-kind={kind} />
              <Text size="xs" c="dimmed">
                {t(`calendar.legend.${kind}`)}
              </Text>
            </Group>
          ))}
        </Group>
        <Text size="sm" c="dimmed" data-testid="calendar-summary">
          {summary}
        </Text>
        <VisuallyHidden>
          <table>
            <caption>{t('calendar.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('calendar.week')}</th>
                <th scope="col">{t('calendar.covered')}</th>
              </tr>
            </thead>
            <tbody>
              {cal.weeks.map((week) => {
                const first = week[0];
                if (!first) return null;
                return (
                  <tr key={first.day}>
                    <th scope="row">{fmt(first.day)}</th>
                    <td>{week.filter((c) => !c.future && c.kind !== 'none').length}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </VisuallyHidden>
      </Stack>
    </Card>
  );
});
