// Daily streaks (spec points 1 and 4; issue 2).
//
// A calendar day is covered when the user has a workout scheduled on it or confirmed it as a rest day.
// The caller supplies the covered days and "today" as ISO day strings; today is the calendar date in the
// user's IANA time zone (dates.ts: todayIn). Everything here is calendar arithmetic on day strings, so a
// 23- or 25-hour day (daylight saving) or a change of zone (travel) can neither count a day twice nor
// skip one: a day is either in the set or not. The SQL side computes the same numbers and is checked
// against test/vectors/streaks.json.
import { addDays, daysBetween, isIsoDay } from './dates';

// The previous calendar day, or undefined before 0001-01-01 (the start of the supported range).
function dayBefore(day: string): string | undefined {
  return day === '0001-01-01' ? undefined : addDays(day, -1);
}

export interface StreakInput {
  /** Days with a scheduled workout or a confirmed rest day. Order and duplicates do not matter. */
  coveredDays: Iterable<string>;
  /** The calendar date in the user's time zone. */
  today: string;
}

export interface Streaks {
  current: number;
  best: number;
}

/**
 * - current: the run of consecutive covered days ending today; when today is not covered (yet), the run
 *   ending yesterday, so the streak survives until the day is over. Otherwise 0.
 * - best: the longest run of consecutive covered days ever, among days up to and including today. Future
 *   days (a workout planned for next week) have not happened and count for neither number; today counts.
 *   best is therefore always >= current.
 * Entries that are not valid ISO days are ignored (a corrupt row must not take the home screen down);
 * an invalid `today` is a programming error and throws RangeError.
 */
export function computeStreaks(input: StreakInput): Streaks {
  const { today } = input;
  if (!isIsoDay(today))
    throw new RangeError(`computeStreaks: today is not an ISO day: ${JSON.stringify(today)}`);

  const days = new Set<string>();
  for (const day of input.coveredDays) {
    // ISO day strings compare correctly as strings.
    if (isIsoDay(day) && day <= today) days.add(day);
  }

  let current = 0;
  const end = days.has(today) ? today : dayBefore(today);
  for (let day = end; day !== undefined && days.has(day); day = dayBefore(day)) current += 1;

  let best = 0;
  let run = 0;
  let previous: string | undefined;
  for (const day of [...days].sort()) {
    run = previous !== undefined && daysBetween(previous, day) === 1 ? run + 1 : 1;
    if (run > best) best = run;
    previous = day;
  }

  return { current, best };
}
