import type { z } from 'zod';
import { recordPush } from '../pending-writes';
import type { WorkoutDoc } from '../schemas/workouts';
import { changedFields } from './changes';
import { newId, nowOf, type CommandContext } from './context';
import type { editWorkoutInput, planWorkoutInput } from './inputs';
import { DATA_ERRORS, fail, ok, parseInput, type CommandResult } from './result';

export type PlanWorkoutInput = z.input<typeof planWorkoutInput>;

export type EditWorkoutInput = z.input<typeof editWorkoutInput>;

/** Plans a workout: a new row with a client id and creation time, pushed later by the sync worker. */
export async function planWorkout(
  ctx: CommandContext,
  input: PlanWorkoutInput,
): Promise<CommandResult<WorkoutDoc>> {
  const parsed = await parseInput('planWorkoutInput', input);
  if (!parsed.ok) return parsed;
  const now = nowOf(ctx);
  const doc: WorkoutDoc = {
    id: newId(),
    user_id: ctx.userId,
    joined_from: null,
    created_at: now.toISOString(),
    ...parsed.value,
  };
  await ctx.db.workouts.insert(doc);
  await recordPush(ctx.db, 'workouts', doc.id, now);
  return ok(doc);
}

async function ownWorkout(ctx: CommandContext, id: string) {
  const doc = await ctx.db.workouts.findOne(id).exec();
  return doc && doc.user_id === ctx.userId ? doc : null;
}

export async function editWorkout(
  ctx: CommandContext,
  id: string,
  patch: EditWorkoutInput,
): Promise<CommandResult<WorkoutDoc>> {
  const parsed = await parseInput('editWorkoutInput', patch);
  if (!parsed.ok) return parsed;
  const doc = await ownWorkout(ctx, id);
  if (!doc) return fail('workout_not_found', DATA_ERRORS.workoutNotFound);
  const changes = changedFields(doc.toJSON() as WorkoutDoc, parsed.value as Partial<WorkoutDoc>);
  if (Object.keys(changes).length === 0) return ok(doc.toMutableJSON());
  const written = await doc.incrementalPatch(changes);
  await recordPush(ctx.db, 'workouts', id, nowOf(ctx));
  return ok(written.toMutableJSON());
}

/** Soft delete: the row stays with `_deleted: true` and replicates as such (no hard deletes). */
export async function deleteWorkout(ctx: CommandContext, id: string): Promise<CommandResult<{ id: string }>> {
  const doc = await ownWorkout(ctx, id);
  if (!doc) return fail('workout_not_found', DATA_ERRORS.workoutNotFound);
  await doc.incrementalRemove();
  await recordPush(ctx.db, 'workouts', id, nowOf(ctx));
  return ok({ id });
}
