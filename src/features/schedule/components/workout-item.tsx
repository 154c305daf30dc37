import { ActionIcon, Badge, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBell, IconClock, IconCloudUpload, IconPencil, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkoutDoc } from '@/db/schemas/workouts';
import { formatClockTime } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import classes from './schedule.module.css';
import { JoinedWith, WorkoutJoinRequests } from './workout-join';
import { reminderLabel, workoutName, WorkoutTypeIcon } from './workout-labels';

interface WorkoutItemProps {
  workout: WorkoutDoc;
  pending: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function WorkoutItem({ workout, pending, onEdit, onDelete }: WorkoutItemProps) {
  const { t } = useTranslation('schedule');
  const locale = useFormatLocale();
  const name = workoutName(t, workout);
  const highlighted = useHashTarget(`workout-${workout.id}`);
  return (
    <li
      className={classes.workout}
      data-testid="workout-item"
      id={`workout-${workout.id}`}
      data-highlighted={highlighted || undefined}
      aria-current={highlighted || undefined}
    >
      <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
        <WorkoutTypeIcon type={workout.type} />
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={700}>{name}</Text>
        <Group gap="xs" c="dimmed" fz="sm">
          <Group gap={4} wrap="nowrap">
            <IconClock size={14} aria-hidden />
            <span>{workout.time ? formatClockTime(workout.time, locale) : t('workout.untimed')}</span>
          </Group>
          {workout.duration_min !== null && (
            <span>{t('workout.duration', { count: workout.duration_min })}</span>
          )}
          {workout.preset && <span>{t(`types.${workout.type}`)}</span>}
        </Group>
        <JoinedWith workout={workout} />
        {workout.reminder_min !== null && (
          <Group gap={4} c="dimmed" fz="sm" wrap="nowrap">
            <IconBell size={14} aria-hidden />
            <span>
              {t('workout.reminder')}: {reminderLabel(t, workout.reminder_min)}
            </span>
          </Group>
        )}
        {workout.notes && (
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {workout.notes}
          </Text>
        )}
        <WorkoutJoinRequests workoutId={workout.id} />
        {pending && (
          <Badge
            variant="default"
            size="sm"
            leftSection={<IconCloudUpload size={12} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('workout.pending')}
          </Badge>
        )}
      </Stack>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" size="lg" aria-label={t('workout.edit', { name })} onClick={onEdit}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t('workout.delete', { name })}
          onClick={onDelete}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </li>
  );
}

/**
 * A notification about this workout leads here (/schedule?date=<day>#workout-<id>): scrolled into view
 * after the shell's scroll-to-top, and marked.
 */
function useHashTarget(id: string): boolean {
  const [hit] = useState(() => globalThis.location?.hash === `#${id}`);
  useEffect(() => {
    if (!hit) return;
    const timer = setTimeout(() => {
      document.getElementById(id)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }, 350);
    return () => clearTimeout(timer);
  }, [hit, id]);
  return hit;
}
