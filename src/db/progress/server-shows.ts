// When the pulled data shows an acknowledged ("settling") write: shared by the progression view model
// and the sync worker's settling watcher (sync-worker/intents/settling-watcher.ts), so that both judge a
// write by the same rule. Relative imports only: the worker bundle imports this file too.
import { addDays, resolveTimeZone, todayIn } from '../../domain/dates';

/**
 * Workouts earn the planning award for dates from two days back (the covering window: BACKFILL_DAYS in
 * domain/streaks.ts) to 90 days ahead (20261126100000_streak_rules.sql).
 */
export const PLAN_AWARD_DAYS_BEFORE = 2;
export const PLAN_AWARD_DAYS_AHEAD = 90;

/** "Today" for the award window: the user's zone, as the server reckons it. */
export const awardToday = (timezone: string | null | undefined, now: Date) =>
  todayIn(resolveTimeZone(timezone), now);

export function inPlanAwardWindow(date: string, today: string): boolean {
  return date >= addDays(today, -PLAN_AWARD_DAYS_BEFORE) && date <= addDays(today, PLAN_AWARD_DAYS_AHEAD);
}

/**
 * The ledger row ("source|source_id") the server awards for a write, or null when it awards none.
 * `doc` is the local document (workouts, rest days; not needed for the challenge); null or deleted
 * means no award.
 */
export function awardOf(
  entry: { collection: string; doc_id: string },
  doc: { user_id?: unknown; date?: unknown; _deleted?: unknown } | null | undefined,
  today: string,
): string | null {
  if (entry.collection === 'daily_challenge') return `daily_challenge|${entry.doc_id}`;
  if (!doc || doc._deleted === true || typeof doc.user_id !== 'string') return null;
  if (entry.collection === 'rest_days') return `rest_day|${entry.doc_id}`;
  if (entry.collection !== 'workouts' || typeof doc.date !== 'string') return null;
  return inPlanAwardWindow(doc.date, today) ? `workout_planned|${doc.user_id}:${doc.date}` : null;
}

export interface PulledServerState {
  /** The pulled own profile's xp; null before the first pull. */
  profileXp: number | null;
  /** The sum of the pulled own ledger. */
  ledgerXp: number;
  /** The pulled own ledger's rows as "source|source_id". */
  awarded: ReadonlySet<string>;
}

/**
 * The pulled data shows an awarded write: the ledger holds its award and the profile has caught up
 * with the ledger's sum (the server keeps profiles.xp equal to it, and computes the streak in the same
 * transaction as the award), so the pulled profile already counts the write.
 */
export function serverShows(award: string | null, state: PulledServerState): boolean {
  return (
    award !== null &&
    state.awarded.has(award) &&
    state.profileXp !== null &&
    state.profileXp >= state.ledgerXp
  );
}
