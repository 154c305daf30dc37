// Local-first progression (issue 5): XP, level and streaks on screen the moment a write lands locally.
//
// The server owns xp, level and streaks (profiles, written by triggers). Until it has acknowledged a
// local write, this adds the awards the server WILL make for it, with the server's own idempotency:
// +5 once per user and planned date (ledger source_id "<user>:<date>"), +10 once per rest day (source_id
// = the rest day's id), the challenge's points once per UTC date (source_id "<user>:<date>"). An award counts only while its write is pending (pending-writes.ts) and the
// server's ledger (xp_events) does not already hold it, so a replay, a second device or a date that
// was awarded before adds nothing. Streaks are computed from local workouts and rest days in the
// user's zone while such writes are pending; once nothing is pending the numbers are the server's.
import { levelFromTotalXp, progressPercent } from '@/domain/levels';
import { computeStreaks } from '@/domain/streaks';
import { resolveTimeZone, todayIn } from '@/domain/dates';
import { XP_PLAN_WORKOUT, XP_REST_DAY } from '@/domain/constants';
import type { DailyChallengeState } from '@/db/local-state';
import type { PendingState } from '@/db/pending-writes';
import type { ProfileDoc, RestDayDoc, WorkoutDoc, XpEventDoc } from '@/db/schemas';

export interface LocalProgressInput {
  userId: string;
  /** The own profile as last pulled; null before the first pull. */
  profile: Pick<ProfileDoc, 'xp' | 'current_streak' | 'best_streak' | 'timezone'> | null;
  /** Own, not deleted. */
  workouts: readonly Pick<WorkoutDoc, 'id' | 'user_id' | 'date'>[];
  /** Own, not deleted. */
  restDays: readonly Pick<RestDayDoc, 'id' | 'user_id' | 'day'>[];
  /** The server's ledger as pulled. */
  xpEvents: readonly Pick<XpEventDoc, 'source' | 'source_id'>[];
  /** Today's challenge as cached locally (local-state.ts); null when none is loaded. */
  dailyChallenge: Pick<DailyChallengeState, 'id' | 'points' | 'completed'> | null;
  pending: PendingState;
  now: Date;
}

export interface LocalProgress {
  xp: number;
  level: number;
  xpIntoLevel: number;
  xpForNext: number;
  percent: number;
  currentStreak: number;
  bestStreak: number;
  /** XP shown that the server has not confirmed yet. */
  pendingXp: number;
  /** True when nothing that moves XP or streaks is waiting for the server: the numbers are its own. */
  settled: boolean;
}

export function computeLocalProgress(input: LocalProgressInput): LocalProgress {
  const { userId, profile, pending } = input;
  const pendingWorkoutIds = new Set<string>();
  const pendingRestDayIds = new Set<string>();
  const pendingChallengeIds = new Set<string>();
  for (const e of Object.values(pending.entries)) {
    if (e.collection === 'workouts') pendingWorkoutIds.add(e.doc_id);
    if (e.collection === 'rest_days') pendingRestDayIds.add(e.doc_id);
    if (e.collection === 'daily_challenge') pendingChallengeIds.add(e.doc_id);
  }
  const awarded = new Set(input.xpEvents.map((x) => `${x.source}|${x.source_id}`));

  const plannedDates = new Set<string>();
  for (const w of input.workouts) {
    const sourceId = `${userId}:${w.date}`;
    if (w.user_id === userId && pendingWorkoutIds.has(w.id) && !awarded.has(`workout_planned|${sourceId}`)) {
      plannedDates.add(w.date);
    }
  }
  let restDayAwards = 0;
  for (const r of input.restDays) {
    if (r.user_id === userId && pendingRestDayIds.has(r.id) && !awarded.has(`rest_day|${r.id}`)) {
      restDayAwards += 1;
    }
  }
  const challenge = input.dailyChallenge;
  const challengeAward =
    challenge?.completed &&
    pendingChallengeIds.has(challenge.id) &&
    !awarded.has(`daily_challenge|${challenge.id}`)
      ? challenge.points
      : 0;
  const pendingXp = plannedDates.size * XP_PLAN_WORKOUT + restDayAwards * XP_REST_DAY + challengeAward;
  const xp = (profile?.xp ?? 0) + pendingXp;
  const lp = levelFromTotalXp(xp);

  const streakSettled = pendingWorkoutIds.size === 0 && pendingRestDayIds.size === 0;
  const settled = streakSettled && pendingChallengeIds.size === 0;
  let currentStreak = profile?.current_streak ?? 0;
  let bestStreak = profile?.best_streak ?? 0;
  if (!streakSettled || !profile) {
    const covered: string[] = [];
    for (const w of input.workouts) if (w.user_id === userId) covered.push(w.date);
    for (const r of input.restDays) if (r.user_id === userId) covered.push(r.day);
    const s = computeStreaks({
      coveredDays: covered,
      today: todayIn(resolveTimeZone(profile?.timezone), input.now),
    });
    currentStreak = s.current;
    // Local history may be partial (a new device still pulling): never show less than the server's best.
    bestStreak = Math.max(s.best, bestStreak);
  }
  return {
    xp,
    level: lp.level,
    xpIntoLevel: lp.xpIntoLevel,
    xpForNext: lp.xpForNext,
    percent: progressPercent(lp.xpIntoLevel, lp.xpForNext),
    currentStreak,
    bestStreak,
    pendingXp,
    settled: settled && profile !== null,
  };
}
