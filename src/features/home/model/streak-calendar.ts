// The streak calendar: every day of the last six months (26 whole weeks ending with the current week)
// as a cell saying whether it was covered (a workout, a rest day, or both), for a heat-map grid in
// columns of weeks, plus the numbers its text alternative reads out.
import { addDays, startOfWeek } from '@/domain/dates';

export const CALENDAR_WEEKS = 26;

export type CoverKind = 'workout' | 'rest' | 'both' | 'none';

export interface DayCell {
  day: string;
  kind: CoverKind;
  isToday: boolean;
  /** After today: drawn empty, never counted. */
  future: boolean;
}

export interface StreakCalendar {
  /** Columns of 7 cells, oldest week first; each week starts on `weekStartsOn`. */
  weeks: DayCell[][];
  /** First and last day shown up to today. */
  from: string;
  to: string;
  coveredDays: number;
  workoutDays: number;
  restDays: number;
  /** Longest run of consecutive covered days inside the window. */
  longestRun: number;
}

export function streakCalendar(input: {
  today: string;
  workoutDays: Iterable<string>;
  restDays: Iterable<string>;
  weeks?: number;
  weekStartsOn?: number;
}): StreakCalendar {
  const weeksCount = input.weeks ?? CALENDAR_WEEKS;
  const workouts = new Set(input.workoutDays);
  const rests = new Set(input.restDays);
  const first = addDays(startOfWeek(input.today, input.weekStartsOn ?? 1), -7 * (weeksCount - 1));
  const weeks: DayCell[][] = [];
  let coveredDays = 0;
  let workoutDays = 0;
  let restDays = 0;
  let run = 0;
  let longestRun = 0;
  for (let w = 0; w < weeksCount; w += 1) {
    const column: DayCell[] = [];
    for (let d = 0; d < 7; d += 1) {
      const day = addDays(first, w * 7 + d);
      const future = day > input.today;
      const hasWorkout = !future && workouts.has(day);
      const hasRest = !future && rests.has(day);
      const kind: CoverKind =
        hasWorkout && hasRest ? 'both' : hasWorkout ? 'workout' : hasRest ? 'rest' : 'none';
      if (!future) {
        if (kind !== 'none') {
          coveredDays += 1;
          run += 1;
          longestRun = Math.max(longestRun, run);
        } else run = 0;
        if (hasWorkout) workoutDays += 1;
        if (hasRest) restDays += 1;
      }
      column.push({ day, kind, isToday: day === input.today, future });
    }
    weeks.push(column);
  }
  return { weeks, from: first, to: input.today, coveredDays, workoutDays, restDays, longestRun };
}
