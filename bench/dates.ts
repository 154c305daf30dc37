/**
 * Days for the benches' writes, taken from the clock: a fixed date becomes a past one some day, and the
 * database refuses a workout outside the late-entry window. The benches also spread their writes over
 * days, because a user may keep at most 10 live workouts a date (SPW07).
 */
import { addDays, utcDay } from '../src/domain/dates';

/** The most workouts a user may keep on one date (SPW07, 20261207110000_row_and_file_quotas.sql). */
export const WORKOUTS_PER_DATE = 10;

/** The UTC day `daysAhead` days from now: far enough ahead to be plannable in every zone. */
export function benchDay(daysAhead: number, now: Date = new Date()): string {
  return addDays(utcDay(now), daysAhead);
}

/** The day of the `i`-th of several writes from `first`, at most `perDay` a day. */
export function spreadDay(first: string, i: number, perDay: number = WORKOUTS_PER_DATE): string {
  return addDays(first, Math.floor(i / perDay));
}
