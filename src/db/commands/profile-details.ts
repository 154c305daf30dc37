import type { z } from 'zod';
import { modifyLocal } from '../local-doc';
import { PROFILE_DETAILS_ID, type ProfileDetails } from '../local-state';
import { recordIntent, type Json } from '../pending-writes';
import { nowOf, type CommandContext } from './context';
import type { profileDetailsInput } from './inputs';
import { DATA_ERRORS, fail, ok, parseInput, type CommandResult } from './result';

export type UpdateProfileDetailsInput = z.input<typeof profileDetailsInput>;

/** Updates my personal details at once locally and records an update intent (owner-only row). */
export async function updateProfileDetails(
  ctx: CommandContext,
  patch: UpdateProfileDetailsInput,
): Promise<CommandResult<ProfileDetails>> {
  if (!ctx.userId) return fail('not_signed_in', DATA_ERRORS.notSignedIn);
  const parsed = await parseInput('profileDetailsInput', patch);
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
