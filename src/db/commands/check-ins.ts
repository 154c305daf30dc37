import type { z } from 'zod';
import { recordIntent } from '../pending-writes';
import type { CheckInDoc } from '../schemas/check-ins';
import { newId, nowOf, type CommandContext } from './context';
import { patchReadRow } from './patch-read-row';
import type { checkInInput, checkOutInput } from './inputs';
import { DATA_ERRORS, fail, ok, parseInput, type CommandResult } from './result';

/**
 * Checks in at a gym now. One place at a time: an open check-in of mine that began before this one ends
 * where this one starts, as the server's trigger does (check_ins_after_insert). One that began later (on
 * a device whose clock is ahead of this one's) stays open there, so it stays open here. The ended ones
 * are read again once the check-in is applied or refused: the server decides by the rows it holds, and
 * a row it leaves unchanged no pull brings back (fault-convergence seed 22).
 */
export async function checkIn(
  ctx: CommandContext,
  args: z.input<typeof checkInInput>,
): Promise<CommandResult<CheckInDoc>> {
  const parsed = await parseInput('checkInInput', args);
  if (!parsed.ok) return parsed;
  const now = nowOf(ctx);
  const at = now.toISOString();
  const open = await ctx.db.check_ins
    .find({ selector: { user_id: ctx.userId, checked_out_at: null } })
    .exec();
  // Instants, not strings: the server spells them `+00:00`, this device `Z`.
  const ended = open.filter((doc) => Date.parse(doc.checked_in_at) <= now.getTime());
  for (const doc of ended) await doc.incrementalPatch({ checked_out_at: at });

  const doc: CheckInDoc = {
    id: newId(),
    user_id: ctx.userId,
    gym_id: parsed.value.gym_id,
    checked_in_at: at,
    checked_out_at: null,
    created_at: at,
  };
  await ctx.db.check_ins.insert(doc);
  await recordIntent(
    ctx.db,
    {
      key: `check_in:${doc.id}`,
      collection: 'check_ins',
      doc_id: doc.id,
      request: {
        type: 'rpc',
        fn: 'check_in',
        args: { p_id: doc.id, p_gym_id: doc.gym_id, p_at: at },
      },
      patch: { gym_id: doc.gym_id, checked_in_at: at },
      previous: null,
      touched: ended.map((d) => d.id),
    },
    now,
  );
  return ok(doc);
}

/** Checks out of the given (default: my open) check-in. Checking out twice keeps the first time. */
export async function checkOut(
  ctx: CommandContext,
  args: z.input<typeof checkOutInput> = {},
): Promise<CommandResult<CheckInDoc>> {
  const parsed = await parseInput('checkOutInput', args);
  if (!parsed.ok) return parsed;
  const id = parsed.value.check_in_id;
  const doc = id
    ? await ctx.db.check_ins.findOne(id).exec()
    : await ctx.db.check_ins
        .findOne({
          selector: { user_id: ctx.userId, checked_out_at: null },
          sort: [{ user_id: 'desc' }, { checked_in_at: 'desc' }],
        })
        .exec();
  if (!doc || doc.user_id !== ctx.userId) {
    return fail('check_in_not_found', DATA_ERRORS.checkInNotFound);
  }
  if (doc.checked_out_at !== null) return ok(doc.toMutableJSON());
  const now = nowOf(ctx);
  const at = now.toISOString();
  const { written, raced } = await patchReadRow(doc, { checked_out_at: at });
  await recordIntent(
    ctx.db,
    {
      key: `check_out:${doc.id}`,
      collection: 'check_ins',
      doc_id: doc.id,
      request: { type: 'rpc', fn: 'check_out', args: { p_check_in_id: doc.id, p_at: at } },
      patch: { checked_out_at: at },
      previous: { checked_out_at: null },
      masked: raced,
    },
    now,
  );
  return ok(written.toMutableJSON());
}
