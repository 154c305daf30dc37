import { HOME_GYMS_MAX } from '../../domain/constants';
import { recordIntent } from '../pending-writes';
import { homeGymId, type HomeGymDoc } from '../schemas/home-gyms';
import { nowOf, type CommandContext } from './context';
import { DATA_ERRORS, fail, ok, parseInput, type CommandResult } from './result';

/**
 * Replaces my home gyms by this ordered list (at most 3; duplicates keep their first place), like the
 * set_home_gyms RPC the intent calls. Rows keep the database's ids ("<user>:<gym>") and positions 1..n.
 */
export async function setHomeGyms(
  ctx: CommandContext,
  gymIds: readonly string[],
): Promise<CommandResult<HomeGymDoc[]>> {
  const parsed = await parseInput('homeGymsInput', gymIds);
  if (!parsed.ok) return parsed;
  const wanted = [...new Set(parsed.value)];
  if (wanted.length > HOME_GYMS_MAX) return fail('home_gyms_max', DATA_ERRORS.homeGymsMax);
  const now = nowOf(ctx);
  const at = now.toISOString();

  const current = await ctx.db.home_gyms.find({ selector: { user_id: ctx.userId } }).exec();
  for (const doc of current) if (!wanted.includes(doc.gym_id)) await doc.incrementalRemove();
  const rows: HomeGymDoc[] = [];
  for (const [i, gym_id] of wanted.entries()) {
    const id = homeGymId(ctx.userId, gym_id);
    const existing = current.find((d) => d.id === id);
    const row: HomeGymDoc = {
      id,
      user_id: ctx.userId,
      gym_id,
      position: i + 1,
      created_at: existing?.created_at ?? at,
    };
    await ctx.db.home_gyms.upsert(row);
    rows.push(row);
  }
  await recordIntent(
    ctx.db,
    {
      key: `home_gyms:${ctx.userId}`,
      collection: 'home_gyms',
      doc_id: ctx.userId,
      request: { type: 'rpc', fn: 'set_home_gyms', args: { p_gym_ids: wanted } },
      patch: {},
      previous: {},
    },
    now,
  );
  return ok(rows);
}
