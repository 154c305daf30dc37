import type { z } from 'zod';
import type * as InputSchemas from './inputs';

/**
 * Expected failures come back as values (house style); only bugs throw. `message` is an i18n key (the
 * `errors` namespace, `data.*`, or the `validation` namespace), never display text.
 */
export interface CommandError {
  code: string;
  message: string;
}
export type CommandResult<T> = { ok: true; value: T } | { ok: false; error: CommandError };

export const ok = <T>(value: T): CommandResult<T> => ({ ok: true, value });
export const fail = (code: string, message: string): { ok: false; error: CommandError } => ({
  ok: false,
  error: { code, message },
});

/** Message keys of the data-layer refusals (locales/<lng>/errors.json, `data.*`). */
export const DATA_ERRORS = {
  invalidInput: 'errors:data.invalidInput',
  notSignedIn: 'validation:profile.signInRequired',
  workoutNotFound: 'errors:data.workoutNotFound',
  restDayNotToday: 'errors:data.restDayNotToday',
  checkInNotFound: 'errors:data.checkInNotFound',
  homeGymsMax: 'errors:data.homeGymsMax',
  notificationNotFound: 'errors:data.notificationNotFound',
  profileNotLoaded: 'errors:data.profileNotLoaded',
  profileDetailsNotLoaded: 'errors:data.profileDetailsNotLoaded',
  challengeNotLoaded: 'errors:data.challengeNotLoaded',
  challengeAlreadyCompleted: 'errors:data.challengeAlreadyCompleted',
  activityNotFound: 'errors:data.activityNotFound',
  flexOwnActivity: 'errors:data.flexOwnActivity',
  // Join (issue 15): texts in the schedule namespace (owned by the join work this session).
  joinOwnWorkout: 'schedule:join.errors.ownWorkout',
  joinRequestNotFound: 'schedule:join.errors.requestNotFound',
  joinNotPending: 'schedule:join.errors.notPending',
} as const;

type Schemas = typeof InputSchemas;

/**
 * Parses command input with the named schema of inputs.ts (loaded on the first call); a zod failure
 * becomes `invalid_input` naming the first offending field.
 */
export async function parseInput<K extends keyof Schemas>(
  name: K,
  input: unknown,
): Promise<{ ok: true; value: z.output<Schemas[K]> } | { ok: false; error: CommandError }> {
  const schema: z.ZodType = (await import('./inputs'))[name];
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data as z.output<Schemas[K]> };
  const path = parsed.error.issues[0]?.path.join('.') ?? '';
  return fail(path ? `invalid_input:${path}` : 'invalid_input', DATA_ERRORS.invalidInput);
}
