// The workout form as plain data: its string values (what the inputs hold), the five presets, the
// reminder choices, and validation that turns the values into the planWorkout/editWorkout input or into
// per-field error keys (schedule namespace), so messages appear in the user's language. The limits are
// the workouts table's check constraints (src/db/commands/workouts.ts), so a valid form is never refused.
import type { PlanWorkoutInput } from '@/db/commands/workouts';
import { WORKOUT_TYPES, type WorkoutDoc, type WorkoutPreset, type WorkoutType } from '@/db/schemas/workouts';
import { addDays, isIsoDay } from '@/domain/dates';
import { coversOnArrival } from '@/domain/streaks';

export interface WorkoutFormValues {
  preset: WorkoutPreset | null;
  type: WorkoutType | '';
  date: string;
  /** 'HH:MM' or '' (no time). */
  time: string;
  /** Whole minutes as typed, or ''. */
  duration: string;
  notes: string;
  /** 'none' or minutes before the start, as a string (a select's value). */
  reminder: string;
}

export type WorkoutFormField = 'type' | 'date' | 'time' | 'duration' | 'notes' | 'reminder';
export type WorkoutFormErrors = Partial<Record<WorkoutFormField, WorkoutFormErrorKey>>;
export type WorkoutFormErrorKey =
  | 'typeRequired'
  | 'dateRequired'
  | 'dateInvalid'
  | 'timeInvalid'
  | 'durationInvalid'
  | 'notesTooLong'
  | 'reminderNeedsTime'
  | 'reminderInvalid';

export const NOTES_MAX = 2000;
export const DURATION_MAX_MIN = 1440;
/** Reminder choices in minutes before the start (the column allows up to a week). */
export const REMINDER_CHOICES = [5, 10, 15, 30, 60, 120, 1440] as const;
const REMINDER_MAX_MIN = 10080;

export interface PresetDefinition {
  id: WorkoutPreset;
  type: WorkoutType;
  durationMin: number;
}

/** The spec's five presets; each plans a workout (+5 XP for a new date), and fills type and duration. */
export const PRESETS: readonly PresetDefinition[] = [
  { id: 'push_day', type: 'strength', durationMin: 60 },
  { id: 'pull_day', type: 'strength', durationMin: 60 },
  { id: 'leg_day', type: 'strength', durationMin: 60 },
  { id: 'full_body', type: 'strength', durationMin: 75 },
  { id: 'cardio', type: 'cardio', durationMin: 30 },
];

export function emptyForm(date: string): WorkoutFormValues {
  return { preset: null, type: '', date, time: '', duration: '', notes: '', reminder: 'none' };
}

export function formFromWorkout(w: WorkoutDoc): WorkoutFormValues {
  return {
    preset: w.preset,
    type: w.type,
    date: w.date,
    time: w.time ? w.time.slice(0, 5) : '',
    duration: w.duration_min === null ? '' : String(w.duration_min),
    notes: w.notes ?? '',
    reminder: w.reminder_min === null ? 'none' : String(w.reminder_min),
  };
}

/** Choosing a preset fills its type and duration; the date, time, notes and reminder stay. */
export function applyPreset(values: WorkoutFormValues, preset: PresetDefinition): WorkoutFormValues {
  return { ...values, preset: preset.id, type: preset.type, duration: String(preset.durationMin) };
}

/** A hand-picked type that differs from the preset's ends the preset (a "push day" yoga is no preset). */
export function changeType(values: WorkoutFormValues, type: WorkoutType | ''): WorkoutFormValues {
  const preset = PRESETS.find((p) => p.id === values.preset);
  return { ...values, type, preset: preset && preset.type === type ? values.preset : null };
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export type ValidationResult =
  { ok: true; input: Required<Omit<PlanWorkoutInput, 'title'>> } | { ok: false; errors: WorkoutFormErrors };

export function validateWorkoutForm(values: WorkoutFormValues): ValidationResult {
  const errors: WorkoutFormErrors = {};
  const type = (WORKOUT_TYPES as readonly string[]).includes(values.type)
    ? (values.type as WorkoutType)
    : null;
  if (type === null) errors.type = 'typeRequired';

  const date = values.date.trim();
  if (date === '') errors.date = 'dateRequired';
  else if (!isIsoDay(date) || date < '2000-01-01' || date > '2100-12-31') errors.date = 'dateInvalid';

  const time = values.time.trim();
  if (time !== '' && !TIME.test(time)) errors.time = 'timeInvalid';

  const durationText = values.duration.trim();
  let duration: number | null = null;
  if (durationText !== '') {
    duration = /^\d+$/.test(durationText) ? Number(durationText) : NaN;
    if (!Number.isInteger(duration) || duration < 1 || duration > DURATION_MAX_MIN) {
      errors.duration = 'durationInvalid';
    }
  }

  if (values.notes.length > NOTES_MAX) errors.notes = 'notesTooLong';

  let reminder: number | null = null;
  if (values.reminder !== 'none' && values.reminder !== '') {
    reminder = /^\d+$/.test(values.reminder) ? Number(values.reminder) : NaN;
    if (!Number.isInteger(reminder) || reminder < 0 || reminder > REMINDER_MAX_MIN) {
      errors.reminder = 'reminderInvalid';
    } else if (time === '') {
      // "Minutes before" needs a start time; an untimed workout has none to count back from.
      errors.reminder = 'reminderNeedsTime';
    }
  }

  if (type === null || Object.keys(errors).length > 0) return { ok: false, errors };
  const notes = values.notes.trim();
  return {
    ok: true,
    input: {
      type,
      preset: values.preset,
      date,
      time: time === '' ? null : time,
      duration_min: duration,
      notes: notes === '' ? null : notes,
      reminder_min: reminder,
    },
  };
}

/**
 * Whether planning on `date` earns XP on the server: dates from two days back (the covering window,
 * BACKFILL_DAYS; an older date covers no day and earns nothing) to 90 days ahead, once per date
 * (docs/database.md). `plannedDates` are the user's dates that already hold a workout.
 */
export function earnsPlanningXp(date: string, today: string, plannedDates: ReadonlySet<string>): boolean {
  if (!isIsoDay(date) || !isIsoDay(today)) return false;
  return coversOnArrival(date, today) && date <= addDays(today, 90) && !plannedDates.has(date);
}
