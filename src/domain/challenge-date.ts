// The daily challenge's day (spec points 4 and 7): challenges and completions are keyed by the UTC
// calendar date, sent as `p_date` = YYYY-MM-DD, so every user worldwide shares the same challenge day.
import { utcDay } from './dates';

/** The UTC calendar date of `now` as `YYYY-MM-DD`. */
export function challengeDateUtc(now: Date): string {
  return utcDay(now);
}

export interface DailyChallenge {
  challenge_id: string;
  name: string;
  description?: string | null;
  points: number;
}

/** Shown when no challenge is found, the load fails, or the visitor is signed out (spec point 3). */
export const DEFAULT_CHALLENGE = {
  challenge_id: 'plank_60s',
  name: '60s Plank',
  description: 'Hold a plank for 60 seconds',
  points: 15,
} as const satisfies DailyChallenge;
