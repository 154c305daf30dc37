import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMoon, IconPlus, IconZzz } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkoutDoc } from '@/db/schemas/workouts';
import type { DayData } from '../data/use-schedule-data';
import { useFormatLocale } from '@/lib/use-format-locale';
import { formatLongDay } from '../model/format';
import { restDayAvailability } from '../model/rest-day-rules';
import classes from './schedule.module.css';
import { WorkoutItem } from './workout-item';

interface DayPanelProps {
  day: string;
  today: string;
  data: DayData | undefined;
  /** The local flag says today is a rest day (before the first query answers). */
  restFlag: boolean;
  pendingIds: ReadonlySet<string>;
  resting: boolean;
  onPlan: () => void;
  onRest: () => void;
  onEdit: (workout: WorkoutDoc) => void;
  onDelete: (workout: WorkoutDoc) => void;
}

/** The selected day: what it holds, and the choice between planning a workout and a rest day. */
export function DayPanel(props: DayPanelProps) {
  const { t } = useTranslation('schedule');
  const locale = useFormatLocale();
  const { day, today, data } = props;
  const reasonId = useId();
  const workouts = data?.workouts ?? [];
  const confirmed = data?.restDay != null || (props.restFlag && day === today);
  const availability = restDayAvailability(day, today, { confirmed, workouts: workouts.length });
  const reason =
    availability === 'tooLate' || availability === 'tooEarly' || availability === 'hasWorkout'
      ? t(`day.restDisabled.${availability}`)
      : null;

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      className={classes.panel}
      component="section"
      aria-labelledby={`${reasonId}-title`}
      data-walkthrough="plan-day-view"
      data-testid="day-panel"
    >
      <Stack gap="md">
        <div>
          <Text fz="xs" fw={700} tt="uppercase" c="dimmed">
            {day === today ? t('day.todaySuffix') : t('day.label')}
          </Text>
          <Title order={2} fz="h3" id={`${reasonId}-title`}>
            {formatLongDay(day, locale)}
          </Title>
        </div>

        {confirmed && (
          <div className={classes.restBox} role="note">
            <IconZzz size={20} aria-hidden className={classes.restIcon} />
            <div>
              <Text fw={700} className={classes.restTitle}>
                {t('day.restConfirmed')}
              </Text>
              <Text fz="sm">{t('day.restConfirmedText')}</Text>
            </div>
          </div>
        )}

        {workouts.length > 0 ? (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
            {workouts.map((w) => (
              <WorkoutItem
                key={w.id}
                workout={w}
                pending={props.pendingIds.has(w.id)}
                onEdit={() => props.onEdit(w)}
                onDelete={() => props.onDelete(w)}
              />
            ))}
          </Stack>
        ) : (
          !confirmed && <Text c="dimmed">{t('day.empty')}</Text>
        )}

        <Stack gap="xs" role="group" aria-label={t('day.choice')}>
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={props.onPlan} fullWidth>
            {t('day.plan')}
          </Button>
          {!confirmed && (
            <Button
              variant="light"
              color="teal"
              leftSection={<IconMoon size={18} aria-hidden />}
              rightSection={
                <Text span fz="xs" fw={800}>
                  {t('day.restHint')}
                </Text>
              }
              onClick={props.onRest}
              loading={props.resting}
              disabled={availability !== 'available'}
              aria-describedby={reason ? reasonId : undefined}
              fullWidth
            >
              {t('day.rest')}
            </Button>
          )}
          {reason && (
            <Text id={reasonId} fz="sm" c="dimmed">
              {reason}
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
