import {
  IconBallFootball,
  IconBarbell,
  IconHeartbeat,
  IconRun,
  IconStretching,
  IconStretching2,
  IconYoga,
  IconFlame,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { WorkoutDoc, WorkoutType } from '@/db/schemas/workouts';

const ICONS: Record<WorkoutType, typeof IconBarbell> = {
  strength: IconBarbell,
  cardio: IconRun,
  flexibility: IconStretching,
  sports: IconBallFootball,
  yoga: IconYoga,
  pilates: IconStretching2,
  hiit: IconHeartbeat,
  crossfit: IconFlame,
};

export function WorkoutTypeIcon({ type, size = 18 }: { type: WorkoutType; size?: number }) {
  const Icon = ICONS[type];
  return <Icon size={size} aria-hidden stroke={1.8} />;
}

/** What a workout is called: its preset's name, else its type's. */
export function workoutName(t: TFunction<'schedule'>, w: Pick<WorkoutDoc, 'preset' | 'type'>): string {
  return w.preset ? t(`presets.${w.preset}`) : t(`types.${w.type}`);
}

/** "15 minutes before", "2 hours before", "1 day before". */
export function reminderLabel(t: TFunction<'schedule'>, minutes: number): string {
  if (minutes > 0 && minutes % 1440 === 0) return t('form.reminderDays', { count: minutes / 1440 });
  if (minutes > 0 && minutes % 60 === 0) return t('form.reminderHours', { count: minutes / 60 });
  return t('form.reminderMinutes', { count: minutes });
}
