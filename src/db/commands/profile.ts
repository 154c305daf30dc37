import type { z } from 'zod';
import { recordIntent, type Json } from '../pending-writes';
import type { ProfileDoc } from '../schemas/profiles';
import { nowOf, type CommandContext } from './context';
import type { profileInput } from './inputs';
import { DATA_ERRORS, fail, ok, parseInput, type CommandResult } from './result';

export type UpdateProfileInput = z.input<typeof profileInput>;

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
  const parsed = await parseInput('profileInput', patch);
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
