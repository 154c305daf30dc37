import { z } from 'zod';
import { isAvatarId } from '../../domain/avatars';
import { isValidTimeZone } from '../../domain/dates';
import { normalizeUsername } from '../../domain/identity';
import { recordIntent, type Json } from '../pending-writes';
import type { ProfileDoc } from '../schemas/profiles';
import { nowOf, type CommandContext } from './context';
import { DATA_ERRORS, fail, ok, parseInput, type CommandResult } from './result';

const optionalName = z
  .string()
  .max(50)
  .transform((s) => (s.trim() === '' ? null : s.trim()))
  .nullable();

// The columns profiles grants the user (supabase/migrations: grant update (...) on public.profiles).
const input = z
  .object({
    username: z
      .string()
      .transform(normalizeUsername)
      .refine((s) => s.length > 0 && !s.includes('#')),
    first_name: optionalName,
    last_name: optionalName,
    avatar_id: z.string().refine(isAvatarId).nullable(),
    profile_picture_url: z.url().max(2048).nullable(),
    current_gym_id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{2,80}$/)
      .nullable(),
    visibility: z.enum(['public', 'friends', 'private']),
    timezone: z.string().max(64).refine(isValidTimeZone),
  })
  .partial()
  .strict();
export type UpdateProfileInput = z.input<typeof input>;

/**
 * Updates my own profile's user-owned fields at once locally and records an update intent. Server-owned
 * fields (xp, level, streaks, discriminator, slug) are not accepted. A username change gets its
 * discriminator from the server when the row comes back.
 */
export async function updateProfile(
  ctx: CommandContext,
  patch: UpdateProfileInput,
): Promise<CommandResult<ProfileDoc>> {
  if (!ctx.userId) return fail('not_signed_in', DATA_ERRORS.notSignedIn);
  const parsed = parseInput(input, patch);
  if (!parsed.ok) return parsed;
  const doc = await ctx.db.profiles.findOne(ctx.userId).exec();
  if (!doc) return fail('profile_not_loaded', DATA_ERRORS.profileNotLoaded);
  const values = Object.fromEntries(
    Object.entries(parsed.value).filter(([, v]) => v !== undefined),
  ) as Record<string, Json>;
  const current = doc.toMutableJSON() as unknown as Record<string, Json>;
  const previous = Object.fromEntries(Object.keys(values).map((k) => [k, current[k] ?? null]));
  const now = nowOf(ctx);
  const written = await doc.incrementalPatch(values);
  await recordIntent(
    ctx.db,
    {
      key: `profiles:${ctx.userId}`,
      collection: 'profiles',
      doc_id: ctx.userId,
      request: { type: 'update', table: 'profiles', id: ctx.userId, values },
      patch: values,
      previous,
    },
    now,
  );
  return ok(written.toMutableJSON());
}
