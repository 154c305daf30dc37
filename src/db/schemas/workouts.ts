import type { RxJsonSchema } from 'rxdb';
import { isoDay, nullableInt, nullableText, textId, timestamp, uuid } from './fields';

export const WORKOUT_TYPES = [
  'strength',
  'cardio',
  'flexibility',
  'sports',
  'yoga',
  'pilates',
  'hiit',
  'crossfit',
] as const;
export type WorkoutType = (typeof WORKOUT_TYPES)[number];
export const WORKOUT_PRESETS = ['push_day', 'pull_day', 'leg_day', 'full_body', 'cardio'] as const;
export type WorkoutPreset = (typeof WORKOUT_PRESETS)[number];

/**
 * public.workouts: the user's own (client-owned, pushed with push_workouts) and friends' (read, to join
 * them). Every column the client may insert is set by the client, so the pushed row equals the stored one.
 */
export interface WorkoutDoc {
  id: string;
  user_id: string;
  type: WorkoutType;
  preset: WorkoutPreset | null;
  title: string | null;
  date: string;
  /** 'HH:MM:SS' or null (untimed). */
  time: string | null;
  duration_min: number | null;
  notes: string | null;
  reminder_min: number | null;
  joined_from: string | null;
  created_at: string;
}

export const workoutSchema: RxJsonSchema<WorkoutDoc> = {
  title: 'workouts',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: textId(64),
    user_id: uuid,
    type: { type: 'string', enum: [...WORKOUT_TYPES] },
    preset: { type: ['string', 'null'], enum: [...WORKOUT_PRESETS, null] },
    title: nullableText(100),
    date: isoDay,
    time: nullableText(8),
    duration_min: nullableInt,
    notes: nullableText(2000),
    reminder_min: nullableInt,
    joined_from: nullableText(64),
    created_at: timestamp,
  },
  required: ['id', 'user_id', 'type', 'date', 'created_at'],
  // Calendar and streak queries: a user's workouts in a date range, sorted by date.
  indexes: [['user_id', 'date']],
};
