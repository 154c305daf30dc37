import { z } from 'zod';
import { recordPush } from '../pending-writes';
import type { UserSettingsDoc } from '../schemas/user-settings';
import { changedFields } from './changes';
import { nowOf, type CommandContext } from './context';
import { ok, parseInput, type CommandResult } from './result';

const input = z
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
export type UpdateSettingsInput = z.input<typeof input>;

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
  const parsed = parseInput(input, patch);
  if (!parsed.ok) return parsed;
  const values = Object.fromEntries(
    Object.entries(parsed.value).filter(([, v]) => v !== undefined),
  ) as Partial<UserSettingsDoc>;
  const existing = await ctx.db.user_settings.findOne(ctx.userId).exec();
  if (existing && Object.keys(changedFields(existing.toJSON() as UserSettingsDoc, values)).length === 0) {
    return ok(existing.toMutableJSON());
  }
  const written = existing
    ? await existing.incrementalPatch(changedFields(existing.toJSON() as UserSettingsDoc, values))
    : await ctx.db.user_settings.insert({
        id: ctx.userId,
        user_id: ctx.userId,
        ...DEFAULT_SETTINGS,
        ...values,
      });
  await recordPush(ctx.db, 'user_settings', ctx.userId, nowOf(ctx));
  return ok(written.toMutableJSON());
}
