import type { z } from 'zod';
import { recordIntent } from '../pending-writes';
import type { JoinRequestDoc } from '../schemas/workout-join-requests';
import type { WorkoutDoc } from '../schemas/workouts';
import { newId, nowOf, type CommandContext } from './context';
import type { joinAnswerInput, joinInput } from './inputs';
import { patchReadRow } from './patch-read-row';
import { DATA_ERRORS, fail, ok, parseInput, type CommandResult } from './result';

export type JoinOutcome =
  | { kind: 'requested'; request: JoinRequestDoc }
  /** One of my workouts is at the same date and time: ask, then call again with replace_workout_id. */
  | { kind: 'clash'; workout: WorkoutDoc };

export const joinRequestKey = (workoutId: string) => `join_request:${workoutId}`;
export const joinAnswerKey = (requestId: string) => `join_answer:${requestId}`;

/** The server's clash rule (request_join_workout): same date, same time, two untimed ones count as one. */
async function clashingWorkout(
  ctx: CommandContext,
  workoutId: string,
  date: string,
  time: string | null,
): Promise<WorkoutDoc | undefined> {
  const mine = await ctx.db.workouts.find({ selector: { user_id: ctx.userId, date } }).exec();
  const hhmm = (t: string | null) => (t === null ? null : t.slice(0, 5));
  return mine
    .map((d) => d.toJSON() as WorkoutDoc)
    .filter((w) => w.id !== workoutId && w.joined_from !== workoutId && hhmm(w.time) === hhmm(time))
    .sort((a, b) => (a.id < b.id ? -1 : 1))[0];
}

/**
 * Asks to join a friend's workout: the request shows at once (a local pending workout_join_requests row)
 * and goes out as request_join_workout with a client id, so a queued request is delivered once (a replay
 * answers the stored row). A workout of mine at the same time is answered `clash` first, without writing:
 * the caller asks whether to replace it and calls again with its id. An existing request of mine for the
 * workout (pending, accepted or declined) is returned as it is: one request per workout.
 */
export async function requestJoinWorkout(
  ctx: CommandContext,
  args: z.input<typeof joinInput>,
): Promise<CommandResult<JoinOutcome>> {
  const parsed = await parseInput('joinInput', args);
  if (!parsed.ok) return parsed;
  const input = parsed.value;
  if (input.owner_id === ctx.userId) return fail('own_workout', DATA_ERRORS.joinOwnWorkout);
  const existing = await ctx.db.workout_join_requests
    .findOne({ selector: { requester_id: ctx.userId, workout_id: input.workout_id } })
    .exec();
  if (existing) return ok({ kind: 'requested', request: existing.toMutableJSON() });
  const replace = input.replace_workout_id ?? null;
  if (replace === null) {
    const clash = await clashingWorkout(ctx, input.workout_id, input.date, input.time);
    if (clash) return ok({ kind: 'clash', workout: clash });
  }
  const now = nowOf(ctx);
  const doc: JoinRequestDoc = {
    id: newId(),
    workout_id: input.workout_id,
    requester_id: ctx.userId,
    owner_id: input.owner_id,
    status: 'pending',
    replace_workout_id: replace,
    copy_workout_id: null,
    created_at: now.toISOString(),
    responded_at: null,
  };
  await ctx.db.workout_join_requests.insert(doc);
  await recordIntent(
    ctx.db,
    {
      key: joinRequestKey(doc.workout_id),
      collection: 'workout_join_requests',
      doc_id: doc.id,
      request: {
        type: 'rpc',
        fn: 'request_join_workout',
        args: { p_id: doc.id, p_workout_id: doc.workout_id, p_replace_workout_id: replace },
      },
      patch: { status: 'pending' },
      previous: null,
    },
    now,
  );
  return ok({ kind: 'requested', request: doc });
}

/**
 * The owner accepts or declines a join request: shown at once, sent as respond_join_request (replaying
 * the same answer returns the same result, so a queued answer is delivered once). Only the owner answers,
 * and only a pending request; answering again with the same answer changes nothing.
 */
export async function respondJoinRequest(
  ctx: CommandContext,
  args: z.input<typeof joinAnswerInput>,
): Promise<CommandResult<JoinRequestDoc>> {
  const parsed = await parseInput('joinAnswerInput', args);
  if (!parsed.ok) return parsed;
  const { request_id: id, accept } = parsed.value;
  const doc = await ctx.db.workout_join_requests.findOne(id).exec();
  if (!doc || doc.owner_id !== ctx.userId)
    return fail('join_request_not_found', DATA_ERRORS.joinRequestNotFound);
  const status = accept ? 'accepted' : 'declined';
  if (doc.status === status) return ok(doc.toMutableJSON());
  if (doc.status !== 'pending') return fail('join_request_not_pending', DATA_ERRORS.joinNotPending);
  const now = nowOf(ctx);
  const { written, raced } = await patchReadRow(doc, { status, responded_at: now.toISOString() });
  await recordIntent(
    ctx.db,
    {
      key: joinAnswerKey(id),
      collection: 'workout_join_requests',
      doc_id: id,
      request: { type: 'rpc', fn: 'respond_join_request', args: { p_request_id: id, p_accept: accept } },
      patch: { status },
      previous: { status: 'pending', responded_at: null },
      masked: raced,
    },
    now,
  );
  return ok(written.toMutableJSON());
}
