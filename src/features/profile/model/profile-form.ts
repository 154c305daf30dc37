// The edit-profile form's values, checks and the patches it sends (issue 14). The checks are those of the
// commands' input schemas (src/db/commands/inputs.ts) and the tables' check constraints, stated here so
// the form can name the field and the rule in the user's language before anything is written; the
// command would refuse the same input with a generic "invalid input".
import type { UpdateProfileInput } from '@/db/commands/profile';
import type { UpdateProfileDetailsInput } from '@/db/commands/profile-details';
import type { ProfileDetails } from '@/db/local-state';
import type { ProfileDoc } from '@/db/schemas';
import { USERNAME_MAX, USERNAME_MIN, codePointLength, normalizeUsername } from '@/domain/identity';

export const FITNESS_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export const GENDERS = ['female', 'male', 'non_binary', 'other', 'prefer_not_to_say'] as const;
export const GOALS = [
  'lose_weight',
  'build_muscle',
  'get_stronger',
  'improve_endurance',
  'improve_flexibility',
  'stay_healthy',
] as const;
export const WORKOUT_TIMES = ['early_morning', 'morning', 'midday', 'afternoon', 'evening', 'night'] as const;

/** Bounds of the numeric columns (public.profile_details check constraints). */
export const LIMITS = {
  height_cm: { min: 50, max: 275 },
  weight_kg: { min: 20, max: 500 },
  target_weight_kg: { min: 20, max: 500 },
  workout_duration_min: { min: 5, max: 600 },
} as const;
export const NAME_MAX = 50;
export const PHONE_MAX = 32;
const BIRTH_MIN = '1900-01-01';
// Digits with the usual separators and an optional leading +; a phone number has at least 5 digits.
const PHONE = /^\+?[0-9 ()./-]+$/;

type NumberField = keyof typeof LIMITS;
/** A NumberInput gives a number, or a string while empty or unparseable. */
export type NumberValue = number | string;

export interface ProfileFormValues {
  username: string;
  first_name: string;
  last_name: string;
  phone: string;
  birth_date: string;
  gender: string;
  height_cm: NumberValue;
  weight_kg: NumberValue;
  target_weight_kg: NumberValue;
  primary_goal: string;
  secondary_goal: string;
  preferred_workout_time: string;
  workout_duration_min: NumberValue;
  fitness_level: string;
}

export type FormField = keyof ProfileFormValues;
/** A message of `profile:edit.errors` with its interpolation values. */
export type ErrorKey =
  | 'usernameRequired'
  | 'usernameLength'
  | 'usernameHash'
  | 'nameTooLong'
  | 'phone'
  | 'birthDate'
  | NumberField;
export type FieldError = { key: ErrorKey; values: Record<string, string | number> };
export type FormErrors = Partial<Record<FormField, FieldError>>;

type FormProfile = Pick<ProfileDoc, 'username' | 'first_name' | 'last_name'>;

export function formValues(profile: FormProfile, details: ProfileDetails | null): ProfileFormValues {
  return {
    username: profile.username,
    first_name: profile.first_name ?? '',
    last_name: profile.last_name ?? '',
    phone: details?.phone ?? '',
    birth_date: details?.birth_date ?? '',
    gender: details?.gender ?? '',
    height_cm: details?.height_cm ?? '',
    weight_kg: details?.weight_kg ?? '',
    target_weight_kg: details?.target_weight_kg ?? '',
    primary_goal: details?.primary_goal ?? '',
    secondary_goal: details?.secondary_goal ?? '',
    preferred_workout_time: details?.preferred_workout_time ?? '',
    workout_duration_min: details?.workout_duration_min ?? '',
    fitness_level: details?.fitness_level ?? '',
  };
}

const isBlank = (v: NumberValue) => typeof v === 'string' && v.trim() === '';
const asNumber = (v: NumberValue): number | null => (isBlank(v) ? null : Number(v));

/** Every rule broken, by field. `today` is the user's calendar date (a birth date is not in the future). */
export function validateProfileForm(values: ProfileFormValues, today: string): FormErrors {
  const errors: FormErrors = {};
  const username = normalizeUsername(values.username);
  if (username === '') errors.username = { key: 'usernameRequired', values: {} };
  else if (codePointLength(username) < USERNAME_MIN) {
    errors.username = { key: 'usernameLength', values: { min: USERNAME_MIN, max: USERNAME_MAX } };
  } else if (username.includes('#')) errors.username = { key: 'usernameHash', values: {} };

  for (const field of ['first_name', 'last_name'] as const) {
    if (codePointLength(values[field].trim()) > NAME_MAX) {
      errors[field] = { key: 'nameTooLong', values: { max: NAME_MAX } };
    }
  }
  const phone = values.phone.trim();
  if (phone !== '') {
    const digits = phone.replace(/[^0-9]/g, '').length;
    if (phone.length > PHONE_MAX || !PHONE.test(phone) || digits < 5) {
      errors.phone = { key: 'phone', values: {} };
    }
  }
  if (values.birth_date !== '') {
    const valid = /^\d{4}-\d{2}-\d{2}$/.test(values.birth_date);
    if (!valid || values.birth_date < BIRTH_MIN || values.birth_date > today) {
      errors.birth_date = { key: 'birthDate', values: {} };
    }
  }
  for (const field of Object.keys(LIMITS) as NumberField[]) {
    const n = asNumber(values[field]);
    if (n === null) continue;
    const { min, max } = LIMITS[field];
    const whole = field === 'workout_duration_min';
    if (!Number.isFinite(n) || n < min || n > max || (whole && !Number.isInteger(n))) {
      errors[field] = { key: field, values: { min, max } };
    }
  }
  return errors;
}

/** The changed fields of each row (only real changes: an unchanged form records no intent). */
export function profilePatches(
  values: ProfileFormValues,
  profile: FormProfile,
  details: ProfileDetails | null,
): { profile: UpdateProfileInput; details: UpdateProfileDetailsInput } {
  const profilePatch: Record<string, string | null> = {};
  const username = normalizeUsername(values.username);
  if (username !== profile.username) profilePatch.username = username;
  for (const field of ['first_name', 'last_name'] as const) {
    const next = values[field].trim() === '' ? null : values[field].trim();
    if (next !== profile[field]) profilePatch[field] = next;
  }
  const detailsPatch: Record<string, string | number | null> = {};
  if (details) {
    const text = (v: string) => (v.trim() === '' ? null : v.trim());
    const next: Omit<ProfileDetails, 'id'> = {
      phone: text(values.phone),
      birth_date: text(values.birth_date),
      gender: text(values.gender),
      height_cm: asNumber(values.height_cm),
      weight_kg: asNumber(values.weight_kg),
      target_weight_kg: asNumber(values.target_weight_kg),
      primary_goal: text(values.primary_goal),
      secondary_goal: text(values.secondary_goal),
      preferred_workout_time: text(values.preferred_workout_time),
      workout_duration_min: asNumber(values.workout_duration_min),
      fitness_level: text(values.fitness_level) as ProfileDetails['fitness_level'],
    };
    for (const [key, value] of Object.entries(next)) {
      if (value !== details[key as keyof ProfileDetails]) detailsPatch[key] = value;
    }
  }
  return {
    profile: profilePatch,
    details: detailsPatch,
  };
}

/** The username as it will be saved (trimmed, cut to 12 characters), when that differs from what was typed. */
export function keptUsername(typed: string): string | null {
  const kept = normalizeUsername(typed);
  return kept === typed ? null : kept;
}
