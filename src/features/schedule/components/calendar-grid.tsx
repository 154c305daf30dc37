import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays } from '@/domain/dates';
import type { CalendarView, DayCell } from '../model/calendar';
import { weekdayOrder } from '../model/calendar';
import type { DayData } from '../data/use-schedule-data';
import { formatClockTime } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import { formatLongDay, weekdayName } from '../model/format';
import classes from './schedule.module.css';
import { workoutName } from './workout-labels';

interface CalendarGridProps {
  view: CalendarView;
  cells: readonly DayCell[];
  weekStart: number;
  byDay: ReadonlyMap<string, DayData>;
  selected: string;
  onSelect: (day: string) => void;
}

const MAX_CHIPS = 3;

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

/**
 * The week or month grid: one button per day (a roving tab stop on the selected day; arrow keys move by
 * a day or a week, Home/End to the week's ends). Each button's name says the date, "today", and what the
 * day holds, so a screen reader hears the calendar without the visual chips.
 */
export function CalendarGrid({ view, cells, weekStart, byDay, selected, onSelect }: CalendarGridProps) {
  const { t } = useTranslation('schedule');
  const language = useFormatLocale();
  const grid = useRef<HTMLDivElement>(null);

  const move = (event: KeyboardEvent<HTMLButtonElement>, day: string) => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    let target: string | null = null;
    if (event.key in steps) target = addDays(day, steps[event.key] ?? 0);
    if (event.key === 'Home') target = addDays(day, -(cells.findIndex((c) => c.day === day) % 7 || 0));
    if (event.key === 'End') target = addDays(day, 6 - (cells.findIndex((c) => c.day === day) % 7));
    if (target === null) return;
    event.preventDefault();
    onSelect(target);
    // Focus follows the selection once the (possibly new) period has rendered.
    requestAnimationFrame(() => {
      grid.current?.querySelector<HTMLButtonElement>(`[data-day="${target}"]`)?.focus();
    });
  };

  return (
    <div className={view === 'week' ? classes.week : classes.month}>
      <div className={cx(classes.weekdays, classes.weekdaysRow)} aria-hidden>
        {weekdayOrder(weekStart).map((wd) => (
          <span key={wd}>{weekdayName(wd, language, view === 'month' ? 'narrow' : 'short')}</span>
        ))}
      </div>
      <div className={classes.grid} ref={grid} role="group" aria-label={t('calendar.label')}>
        {cells.map((cell) => {
          const data = byDay.get(cell.day);
          const workouts = data?.workouts ?? [];
          const rested = data?.restDay != null;
          const summary = [
            cell.isToday ? t('calendar.today') : null,
            rested ? t('calendar.restDay') : null,
            workouts.length > 0
              ? `${t('calendar.workouts', { count: workouts.length })}: ${workouts.map((w) => workoutName(t, w)).join(', ')}`
              : rested
                ? null
                : t('calendar.nothing'),
          ].filter(Boolean);
          const isSelected = cell.day === selected;
          return (
            <button
              key={cell.day}
              type="button"
              data-day={cell.day}
              data-testid={`day-${cell.day}`}
              className={cx(
                classes.cell,
                !cell.inPeriod && classes.outside,
                cell.isPast && classes.past,
                cell.isToday && classes.today,
                isSelected && classes.selected,
                rested && classes.rested,
              )}
              tabIndex={isSelected ? 0 : -1}
              aria-pressed={isSelected}
              aria-current={cell.isToday ? 'date' : undefined}
              aria-label={`${formatLongDay(cell.day, language)}. ${summary.join('. ')}`}
              onClick={() => onSelect(cell.day)}
              onKeyDown={(event) => move(event, cell.day)}
            >
              <span className={classes.weekdayInline} aria-hidden>
                {weekdayName(cell.weekday, language, 'short')}
              </span>
              <span className={classes.dayNumber} aria-hidden>
                {Number(cell.day.slice(8))}
              </span>
              <span className={classes.chips} aria-hidden>
                {rested && (
                  <span className={cx(classes.chip, classes.restChip)}>{t('calendar.restDay')}</span>
                )}
                {workouts.slice(0, MAX_CHIPS).map((w) => (
                  <span key={w.id} className={classes.chip}>
                    {w.time ? `${formatClockTime(w.time, language)} ` : ''}
                    {workoutName(t, w)}
                  </span>
                ))}
                {workouts.length > MAX_CHIPS && (
                  <span className={classes.chip}>
                    {t('calendar.more', { count: workouts.length - MAX_CHIPS })}
                  </span>
                )}
              </span>
              <span className={classes.dots} aria-hidden>
                {rested && <span className={cx(classes.dot, classes.restDot)} />}
                {workouts.slice(0, 4).map((w) => (
                  <span key={w.id} className={classes.dot} />
                ))}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
