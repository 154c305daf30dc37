import { ActionIcon, Button, Group, SegmentedControl } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CalendarView } from '../model/calendar';
import classes from './schedule.module.css';

interface CalendarToolbarProps {
  view: CalendarView;
  periodLabel: string;
  /** True when the shown period contains today (the Today button then has nothing to do). */
  showsToday: boolean;
  onView: (view: CalendarView) => void;
  onStep: (direction: -1 | 1) => void;
  onToday: () => void;
}

export function CalendarToolbar(props: CalendarToolbarProps) {
  const { t } = useTranslation('schedule');
  const { view } = props;
  const previous = view === 'week' ? t('nav.previousWeek') : t('nav.previousMonth');
  const next = view === 'week' ? t('nav.nextWeek') : t('nav.nextMonth');
  return (
    <div className={classes.toolbar}>
      <Group gap="xs" wrap="nowrap" role="group" aria-label={t('nav.label')}>
        <ActionIcon variant="default" size="lg" aria-label={previous} onClick={() => props.onStep(-1)}>
          <IconChevronLeft size={18} aria-hidden />
        </ActionIcon>
        <Button
          variant="default"
          onClick={props.onToday}
          disabled={props.showsToday}
          style={{ flexShrink: 0 }}
        >
          {t('nav.today')}
        </Button>
        <ActionIcon variant="default" size="lg" aria-label={next} onClick={() => props.onStep(1)}>
          <IconChevronRight size={18} aria-hidden />
        </ActionIcon>
        <h2 className={classes.period} aria-live="polite" data-testid="schedule-period">
          {props.periodLabel}
        </h2>
      </Group>
      <SegmentedControl
        aria-label={t('view.label')}
        value={view}
        onChange={(value) => props.onView(value === 'month' ? 'month' : 'week')}
        data={[
          { value: 'week', label: t('view.week') },
          { value: 'month', label: t('view.month') },
        ]}
      />
    </div>
  );
}
