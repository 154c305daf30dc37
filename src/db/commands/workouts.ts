import { z } from 'zod';
import { recordPush } from '../pending-writes';
import { WORKOUT_PRESETS, WORKOUT_TYPES, type WorkoutDoc } from '../schemas/workouts';
import { changedFields } from './changes';
import { newId, nowOf, type CommandContext } from './context';
import { DATA_ERRORS, fail, ok, parseInput, type CommandResult } from './result';

// The rules of the workouts table's check constraints, so a row the client writes is never refused.
const day = z.iso.date().refine((d) => d >= '2000-01-01' && d <= '2100-12-31');
// 'HH:MM' or 'HH:MM:SS'; stored as Postgres prints `time` ('HH:MM:SS') so pulled rows compare equal.
const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/)
  .transform((t) => (t.length === 5 ? `${t}:00` : t));
const nullableText = (max: number) =>
  z
    .string()
    .max(max)
    .transform((s) => (s.trim() === '' ? null : s))
    .nullable();

const fields = {
  type: z.enum(WORKOUT_TYPES),
  preset: z.enum(WORKOUT_PRESETS).nullable(),
  title: nullableText(100),
  date: day,
  time: time.nullable(),
  duration_min: z.number().int().min(1).max(1440).nullable(),
  notes: nullableText(2000),
  reminder_min: z.number().int().min(0).max(10080).nullable(),
};

const planInput = z.object({
  ...fields,
  preset: fields.preset.default(null),
  title: fields.title.default(null),
  time: fields.time.default(null),
  duration_min: fields.duration_min.default(null),
  notes: fields.notes.default(null),
  reminder_min: fields.reminder_min.default(null),
});
export type PlanWorkoutInput = z.input<typeof planInput>;

const editInput = z.object(fields).partial().strict();
export type EditWorkoutInput = z.input<typeof editInput>;

/** Plans a workout: a new row with a client id and creation time, pushed later by the sync worker. */
export async function planWorkout(
  ctx: CommandContext,
  input: PlanWorkoutInput,
): Promise<CommandResult<WorkoutDoc>> {
  const parsed = parseInput(planInput, input);
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
  const parsed = parseInput(editInput, patch);
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
