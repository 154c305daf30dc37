import type { z } from 'zod';
import { addDays } from '../../domain/dates';
import { recordIntent } from '../pending-writes';
import { restDayId, type RestDayDoc } from '../schemas/rest-days';
import { nowOf, type CommandContext } from './context';
import { userToday } from './own-profile';
import type { restDayInput } from './inputs';
import { DATA_ERRORS, fail, ok, parseInput, type CommandResult } from './result';

/**
 * Confirms a rest day (default: today in the user's zone). The id is the database's "<user>:<day>", so
 * confirming twice, on two devices or by a replayed request, is one row and one +10 XP. The server
 * accepts two days back and one ahead (late replays, a device a zone away); so does this command.
 */
export async function confirmRestDay(
  ctx: CommandContext,
  args: z.input<typeof restDayInput> = {},
): Promise<CommandResult<RestDayDoc>> {
  const parsed = await parseInput('restDayInput', args);
  if (!parsed.ok) return parsed;
  const now = nowOf(ctx);
  const today = await userToday(ctx, now);
  const day = parsed.value.day ?? today;
  if (day < addDays(today, -2) || day > addDays(today, 1)) {
    return fail('rest_day_not_today', DATA_ERRORS.restDayNotToday);
  }
  const id = restDayId(ctx.userId, day);
  const existing = await ctx.db.rest_days.findOne(id).exec();
  if (existing) return ok(existing.toMutableJSON());

  const doc: RestDayDoc = { id, user_id: ctx.userId, day, confirmed_at: now.toISOString() };
  // upsert: a locally deleted (unconfirmed) row of the same id is brought back.
  await ctx.db.rest_days.upsert(doc);
  await recordIntent(
    ctx.db,
    {
      key: `rest_day:${id}`,
      collection: 'rest_days',
      doc_id: id,
      request: { type: 'rpc', fn: 'confirm_rest_day', args: { p_day: day } },
      patch: { day, confirmed_at: doc.confirmed_at },
      previous: null,
    },
    now,
  );
  return ok(doc);
}
