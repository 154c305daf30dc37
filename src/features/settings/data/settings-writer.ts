/**
 * The one path from the page to the user's settings row. Writes are chained per database so that two
 * writers (the settings page and the synced-settings hook) never race to insert the row: the second
 * write sees the first one's row and patches it.
 */
import { updateSettings, type UpdateSettingsInput } from '@/db/commands/settings';
import type { CommandContext } from '@/db/commands/context';
import type { CommandResult } from '@/db/commands/result';
import type { UserSettingsDoc } from '@/db/schemas/user-settings';
import type { SpotterDatabase } from '@/db/types';

const chains = new WeakMap<SpotterDatabase, Promise<unknown>>();

/**
 * Applies `patch` to my settings row. When the row does not exist yet, `seed` (the choices this device
 * already shows: theme and language) fills it, so changing one setting never resets the others elsewhere.
 * The seed never reaches a row that exists: `updateSettings` decides at the insert, not from this
 * instance's view of the row, which can lag behind a pull the sync worker has just stored.
 */
export function writeSettings(
  ctx: CommandContext,
  patch: UpdateSettingsInput,
  seed: UpdateSettingsInput = {},
): Promise<CommandResult<UserSettingsDoc>> {
  const previous = chains.get(ctx.db) ?? Promise.resolve();
  const next = previous.then(() => updateSettings(ctx, patch, seed));
  chains.set(
    ctx.db,
    next.catch(() => undefined),
  );
  return next;
}
