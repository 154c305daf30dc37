// Daily streaks (spec points 1 and 4; issue 2).
//
// A calendar day is covered when the user has a workout scheduled on it or confirmed it as a rest day.
// The caller supplies the covered days and "today" as ISO day strings; today is the calendar date in the
// user's IANA time zone (dates.ts: todayIn). Everything here is calendar arithmetic on day strings, so a
// 23- or 25-hour day (daylight saving) or a change of zone (travel) can neither count a day twice nor
// skip one: a day is either in the set or not. The SQL side computes the same numbers and is checked
// against test/vectors/streaks.json.
//
// Issue 13 (docs/decisions.md, "Streak rules: record, no backfilling, travel"):
// - best is a record: the caller passes the stored best (recordBest) and best never goes below it.
// - No backfilling: a workout that reaches the server dated more than BACKFILL_DAYS before the user's
//   today covers no day (the server stores that judgment in workouts.covers_day; coversOnArrival is
//   the same rule for the client's estimate). Rest days older than that are refused outright.
// - Travel: the streak's today never moves backward (judgedDay), and a calendar day skipped by a change
//   of zone eastward while the streak was alive is bridged (keeps the run alive, adds no length).
import { addDays, daysBetween, isIsoDay } from './dates';

/** A workout or rest day may reach the server this many days after its date and still cover it. */
export const BACKFILL_DAYS = 2;

/**
 * Whether a workout dated `date` covers its day when it reaches the server on `arrivalToday` (the
 * calendar date in the user's zone at that moment): not when it is dated more than BACKFILL_DAYS before.
 */
export function coversOnArrival(date: string, arrivalToday: string): boolean {
  return isIsoDay(date) && isIsoDay(arrivalToday) && date >= addDays(arrivalToday, -BACKFILL_DAYS);
}

// The previous calendar day, or undefined before 0001-01-01 (the start of the supported range).
function dayBefore(day: string): string | undefined {
  return day === '0001-01-01' ? undefined : addDays(day, -1);
}

export interface StreakInput {
  /** Days with a scheduled workout or a confirmed rest day. Order and duplicates do not matter. */
  coveredDays: Iterable<string>;
  /** The calendar date in the user's time zone. */
  today: string;
  /**
   * The latest day the streak was already judged at (server: private.streak_state.judged_day). The
   * streak's today is the later of `today` and this day, so flying west never moves it backward
   * (a day covered on the eastern calendar does not turn into a future day again). Absent: `today`.
   */
  judgedDay?: string | null | undefined;
  /**
   * Calendar days skipped by a change of zone eastward while the streak was alive. They join runs
   * (the streak survives them) but add no length. Order and duplicates do not matter.
   */
  bridgedDays?: Iterable<string> | undefined;
  /** The best streak stored so far (profiles.best_streak): best is a record and never goes below it. */
  recordBest?: number | null | undefined;
}

export interface Streaks {
  current: number;
  best: number;
}

/**
 * The streak's "today": the later of the calendar date in the user's zone and the latest day already
 * judged (so it never moves backward). Invalid `judgedDay` values are ignored.
 */
export function streakToday(today: string, judgedDay?: string | null): string {
  return judgedDay && isIsoDay(judgedDay) && judgedDay > today ? judgedDay : today;
}

/**
 * With T = streakToday(today, judgedDay), and a day "in a run" when it is covered or bridged:
 * - current: the number of covered days in the run ending on T; when T is in no run (not covered yet),
 *   the run ending the day before, so the streak survives until the day is over. Otherwise 0.
 * - best: the largest number of covered days in one run ever, among days up to and including T, and at
 *   least `recordBest` (a record: uncovering a past day never lowers it). Future days (a workout planned
 *   for next week) have not happened and count for nothing; T counts. best is therefore always >= current.
 * Bridged days count for no length: a run made only of bridged days has 0 covered days.
 * Entries that are not valid ISO days are ignored (a corrupt row must not take the home screen down);
 * an invalid `today` is a programming error and throws RangeError.
 */
export function computeStreaks(input: StreakInput): Streaks {
  if (!isIsoDay(input.today))
    throw new RangeError(`computeStreaks: today is not an ISO day: ${JSON.stringify(input.today)}`);
  const today = streakToday(input.today, input.judgedDay);

  // Day -> covered (true) or only bridged (false). ISO day strings compare correctly as strings.
  const days = new Map<string, boolean>();
  for (const day of input.bridgedDays ?? []) {
    if (isIsoDay(day) && day <= today) days.set(day, false);
  }
  for (const day of input.coveredDays) {
    if (isIsoDay(day) && day <= today) days.set(day, true);
  }

  let current = 0;
  const end = days.has(today) ? today : dayBefore(today);
  for (let day = end; day !== undefined && days.has(day); day = dayBefore(day)) {
    if (days.get(day)) current += 1;
  }

  const record = input.recordBest ?? 0;
  let best = Number.isInteger(record) && record > 0 ? record : 0;
  let run = 0;
  let previous: string | undefined;
  for (const day of [...days.keys()].sort()) {
    if (previous === undefined || daysBetween(previous, day) !== 1) run = 0;
    if (days.get(day)) run += 1;
    if (run > best) best = run;
    previous = day;
  }

  return { current, best };
}
