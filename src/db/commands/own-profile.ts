import { resolveTimeZone, todayIn } from '../../domain/dates';
import type { CommandContext } from './context';

/** The user's "today": the calendar date in the profile's time zone (device zone until it is pulled). */
export async function userToday(ctx: CommandContext, now: Date): Promise<string> {
  const profile = await ctx.db.profiles.findOne(ctx.userId).exec();
  return todayIn(resolveTimeZone(profile?.timezone), now);
}
