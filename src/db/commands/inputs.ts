/**
 * The commands' input schemas (zod), in one module the commands load on their first call
 * (result.ts `parseInput`): zod is about 23 KB gzipped, and no screen needs it before the user acts, so it
 * stays off the first signed-in screen. Each schema follows the table's check constraints and grants.
 */
import { z } from 'zod';
import { isAvatarId } from '../../domain/avatars';
import { isValidTimeZone } from '../../domain/dates';
import { normalizeUsername } from '../../domain/identity';
import { WORKOUT_PRESETS, WORKOUT_TYPES } from '../schemas/workouts';

const gymId = z.string().regex(/^[a-z0-9][a-z0-9-]{2,80}$/);

// settings.ts
export const settingsInput = z
  .object({
    theme: z.enum(['light', 'dark', 'system']),
    language: z.enum(['en', 'de', 'it']),
    push_enabled: z.boolean(),
    haptics_enabled: z.boolean(),
    sound_enabled: z.boolean(),
    walkthrough_done: z.boolean(),
  })
  .partial()
  .strict();

// workouts.ts
// The rules of the workouts table's check constraints, so a row the client writes is never refused.
const day = z.iso.date().refine((d) => d >= '2000-01-01' && d <= '2100-12-31');
// 'HH:MM' or 'HH:MM:SS'; stored as Postgres prints `time` ('HH:MM:SS') so pulled rows compare equal.
const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/)
  .transform((t) => (t.length === 5 ? `${t}:00` : t));
const nullableText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((s) => (s.trim() === '' ? null : s))
    .nullable();

const fields = {
  type: z.enum(WORKOUT_TYPES),
  preset: z.enum(WORKOUT_PRESETS).nullable(),
  title: nullableText(100),
  date: day,
  time: time.nullable(),
  duration_min: z.number().int().min(1).max(1440).nullable(),
  notes: nullableText(2000),
  reminder_min: z.number().int().min(0).max(10080).nullable(),
};

export const planWorkoutInput = z.object({
  ...fields,
  preset: fields.preset.default(null),
  title: fields.title.default(null),
  time: fields.time.default(null),
  duration_min: fields.duration_min.default(null),
  notes: fields.notes.default(null),
  reminder_min: fields.reminder_min.default(null),
});
export const editWorkoutInput = z.object(fields).partial().strict();

// home-gyms.ts
export const homeGymsInput = z.array(gymId);

// check-ins.ts
export const checkInInput = z.object({ gym_id: gymId }).strict();
export const checkOutInput = z.object({ check_in_id: z.string().min(8).max(64).optional() }).strict();

// rest-days.ts
export const restDayInput = z.object({ day: z.iso.date().optional() }).strict();

// profile.ts
const optionalName = z
  .string()
  .max(50)
  .transform((s) => (s.trim() === '' ? null : s.trim()))
  .nullable();

const PICTURE_URL =
  /^(?:https:\/\/[A-Za-z0-9.-]+|http:\/\/(?:localhost|127\.0\.0\.1|\[::1\]))(?::\d{1,5})?\/storage\/v1\/object\/public\/avatars\/[A-Za-z0-9-]+\/(?!\.+$)[A-Za-z0-9._-]{1,200}$/;

// The columns profiles grants the user (supabase/migrations: grant update (...) on public.profiles).
export const profileInput = z
  .object({
    username: z
      .string()
      .transform(normalizeUsername)
      .refine((s) => s.length > 0 && !s.includes('#')),
    first_name: optionalName,
    last_name: optionalName,
    avatar_id: z.string().refine(isAvatarId).nullable(),
    // A file in a user folder of the avatars bucket, as getPublicUrl builds it; the server also checks the
    // folder is the user's own (migration 20261126162000) and the client shows nothing else (shown-avatar).
    profile_picture_url: z.string().max(2048).regex(PICTURE_URL).nullable(),
    current_gym_id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{2,80}$/)
      .nullable(),
    visibility: z.enum(['public', 'friends', 'private']),
    timezone: z.string().max(64).refine(isValidTimeZone),
  })
  .partial()
  .strict();

// profile-details.ts
const detailsText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((s) => (s.trim() === '' ? null : s.trim()))
    .nullable();
// numeric(5,1): one decimal place.
const measure = (min: number, max: number) =>
  z
    .number()
    .min(min)
    .max(max)
    .transform((n) => Math.round(n * 10) / 10)
    .nullable();

// The check constraints of public.profile_details and the columns granted for update.
export const profileDetailsInput = z
  .object({
    birth_date: z.iso
      .date()
      .refine((d) => d >= '1900-01-01' && d <= '2100-01-01')
      .nullable(),
    gender: detailsText(30),
    height_cm: measure(50, 275),
    weight_kg: measure(20, 500),
    target_weight_kg: measure(20, 500),
    primary_goal: detailsText(60),
    secondary_goal: detailsText(60),
    preferred_workout_time: detailsText(30),
    workout_duration_min: z.number().int().min(5).max(600).nullable(),
    fitness_level: z.enum(['beginner', 'intermediate', 'advanced', 'expert']).nullable(),
    phone: detailsText(32),
  })
  .partial()
  .strict();

// flex.ts: an activity id as get_feed returns it (text ids the server's triggers make: kind and ids).
export const flexInput = z.object({ activity_id: z.string().min(1).max(200) }).strict();

// join.ts: a friend's workout to join (ids as the feed gives them) and an answer to a join request.
export const joinInput = z
  .object({
    workout_id: z.string().min(1).max(64),
    owner_id: z.string().min(1).max(36),
    date: z.iso.date(),
    time: z.string().max(8).nullable(),
    replace_workout_id: z.string().min(1).max(64).nullable().optional(),
  })
  .strict();
export const joinAnswerInput = z
  .object({ request_id: z.string().min(8).max(64), accept: z.boolean() })
  .strict();
