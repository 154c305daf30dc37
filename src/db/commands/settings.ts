import { filter, firstValueFrom } from 'rxjs';
import type { z } from 'zod';
import { recordPush } from '../pending-writes';
import type { UserSettingsDoc } from '../schemas/user-settings';
import { changedFields } from './changes';
import { nowOf, type CommandContext } from './context';
import type { settingsInput } from './inputs';
import { ok, parseInput, type CommandResult } from './result';

export type UpdateSettingsInput = z.input<typeof settingsInput>;

export const DEFAULT_SETTINGS = {
  theme: 'system',
  language: 'en',
  push_enabled: false,
  haptics_enabled: true,
  sound_enabled: true,
  walkthrough_done: false,
} as const satisfies Omit<UserSettingsDoc, 'id' | 'user_id'>;

/**
 * Updates my settings row (id = user id), creating it on first use from the table's defaults, then `seed`,
 * then `patch`. `seed` only ever fills a row this call creates: a row that exists already, or that a pull
 * (another realm's write this instance has not seen yet) stores while this inserts, gets `patch` alone,
 * so what a device merely shows (its detected language, its theme) never overwrites the synced choices.
 */
export async function updateSettings(
  ctx: CommandContext,
  patch: UpdateSettingsInput,
  seed: UpdateSettingsInput = {},
): Promise<CommandResult<UserSettingsDoc>> {
  const parsed = await parseInput('settingsInput', patch);
  if (!parsed.ok) return parsed;
  const values = definedValues(parsed.value);
  const existing = await ctx.db.user_settings.findOne(ctx.userId).exec();
  if (existing && Object.keys(changedFields(existing.toJSON() as UserSettingsDoc, values)).length === 0) {
    return ok(existing.toMutableJSON());
  }
  let written;
  if (existing) {
    written = await existing.incrementalPatch(changedFields(existing.toJSON() as UserSettingsDoc, values));
  } else {
    const seeded = await parseInput('settingsInput', seed);
    if (!seeded.ok) return seeded;
    try {
      written = await ctx.db.user_settings.insert({
        id: ctx.userId,
        user_id: ctx.userId,
        ...DEFAULT_SETTINGS,
        ...definedValues(seeded.value),
        ...values,
      });
    } catch (error) {
      // The row is in storage already (a pull stored it after, or without, this instance seeing it):
      // patch that row instead of overwriting it with the defaults or the seed, once this instance has
      // it (another realm's write reaches it a moment later, over its BroadcastChannel).
      if (!isConflict(error)) throw error;
      await firstValueFrom(ctx.db.user_settings.findOne(ctx.userId).$.pipe(filter((doc) => doc !== null)));
      return updateSettings(ctx, patch);
    }
  }
  await recordPush(ctx.db, 'user_settings', ctx.userId, nowOf(ctx));
  return ok(written.toMutableJSON());
}

/** The given fields, without those left undefined (an absent field is not a change). */
const definedValues = (input: {
  [K in keyof UserSettingsDoc]?: UserSettingsDoc[K] | undefined;
}): Partial<UserSettingsDoc> => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));

/** RxDB refuses an insert whose id is taken with the error code CONFLICT (a 409 write error). */
function isConflict(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'CONFLICT';
}
