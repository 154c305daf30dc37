import { z } from 'zod';
import { modifyLocal } from '../local-doc';
import { PROFILE_DETAILS_ID, type ProfileDetails } from '../local-state';
import { recordIntent, type Json } from '../pending-writes';
import { nowOf, type CommandContext } from './context';
import { DATA_ERRORS, fail, ok, parseInput, type CommandResult } from './result';

const text = (max: number) =>
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
const input = z
  .object({
    birth_date: z.iso
      .date()
      .refine((d) => d >= '1900-01-01' && d <= '2100-01-01')
      .nullable(),
    gender: text(30),
    height_cm: measure(50, 275),
    weight_kg: measure(20, 500),
    target_weight_kg: measure(20, 500),
    primary_goal: text(60),
    secondary_goal: text(60),
    preferred_workout_time: text(30),
    workout_duration_min: z.number().int().min(5).max(600).nullable(),
    fitness_level: z.enum(['beginner', 'intermediate', 'advanced', 'expert']).nullable(),
    phone: text(32),
  })
  .partial()
  .strict();
export type UpdateProfileDetailsInput = z.input<typeof input>;

/** Updates my personal details at once locally and records an update intent (owner-only row). */
export async function updateProfileDetails(
  ctx: CommandContext,
  patch: UpdateProfileDetailsInput,
): Promise<CommandResult<ProfileDetails>> {
  if (!ctx.userId) return fail('not_signed_in', DATA_ERRORS.notSignedIn);
  const parsed = parseInput(input, patch);
  if (!parsed.ok) return parsed;
  const doc = await ctx.db.getLocal<ProfileDetails>(PROFILE_DETAILS_ID);
  const current = doc ? (doc.toJSON().data as ProfileDetails) : null;
  if (!current || current.id !== ctx.userId) {
    return fail('profile_details_not_loaded', DATA_ERRORS.profileDetailsNotLoaded);
  }
  const values = Object.fromEntries(
    Object.entries(parsed.value).filter(([, v]) => v !== undefined),
  ) as Record<string, Json>;
  const before = current as unknown as Record<string, Json>;
  const previous = Object.fromEntries(Object.keys(values).map((k) => [k, before[k] ?? null]));
  const now = nowOf(ctx);
  const written = await modifyLocal<ProfileDetails>(
    ctx.db,
    PROFILE_DETAILS_ID,
    () => current,
    (s) => (s.id === ctx.userId ? { ...s, ...values } : s),
  );
  await recordIntent(
    ctx.db,
    {
      key: `profile_details:${ctx.userId}`,
      collection: 'profile_details',
      doc_id: ctx.userId,
      request: { type: 'update', table: 'profile_details', id: ctx.userId, values },
      patch: values,
      previous,
    },
    now,
  );
  return ok(written);
}
