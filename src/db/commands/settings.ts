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

/** Updates my settings row (id = user id), creating it with the table's defaults on first use. */
export async function updateSettings(
  ctx: CommandContext,
  patch: UpdateSettingsInput,
): Promise<CommandResult<UserSettingsDoc>> {
  const parsed = await parseInput('settingsInput', patch);
  if (!parsed.ok) return parsed;
  const values = Object.fromEntries(
    Object.entries(parsed.value).filter(([, v]) => v !== undefined),
  ) as Partial<UserSettingsDoc>;
  const existing = await ctx.db.user_settings.findOne(ctx.userId).exec();
  if (existing && Object.keys(changedFields(existing.toJSON() as UserSettingsDoc, values)).length === 0) {
    return ok(existing.toMutableJSON());
  }
  let written;
  if (existing) {
    written = await existing.incrementalPatch(changedFields(existing.toJSON() as UserSettingsDoc, values));
  } else {
    try {
      written = await ctx.db.user_settings.insert({
        id: ctx.userId,
        user_id: ctx.userId,
        ...DEFAULT_SETTINGS,
        ...values,
      });
    } catch (error) {
      // The server's row arrived (a pull) between the read above and this insert: patch that row
      // instead of overwriting it with the defaults.
      if (!isConflict(error)) throw error;
      return updateSettings(ctx, patch);
    }
  }
  await recordPush(ctx.db, 'user_settings', ctx.userId, nowOf(ctx));
  return ok(written.toMutableJSON());
}

/** RxDB refuses an insert whose id is taken with the error code CONFLICT (a 409 write error). */
function isConflict(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'CONFLICT';
}
