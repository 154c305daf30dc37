// Local-first progression (issue 5): XP, level and streaks on screen the moment a write lands locally.
//
// The server owns xp, level and streaks (profiles, written by triggers). Until the pulled data shows a
// local write, this adds the awards the server WILL make for it, with the server's own idempotency:
// +5 once per user and planned date from two days back to 90 days ahead (ledger source_id "<user>:<date>"),
// +10 once per rest day (source_id = the rest day's id), the challenge's points once per UTC date
// (source_id "<user>:<date>"). An award counts while its write is pending or settling (acknowledged,
// its effects not pulled yet; pending-writes.ts) and the server's ledger (xp_events) does not already
// hold it, so a replay, a second device or a date that was awarded before adds nothing.
//
// XP is the larger of two readings, so that it never dips while the follow-up pull lands in two writes
// (the profile and the ledger row arrive separately, in either order; issue 7):
// - the pulled profile's xp plus the awards of writes not acknowledged yet;
// - the sum of the pulled ledger plus the awards of pending and settling writes it does not hold.
// The server keeps profiles.xp equal to its ledger's sum, so both readings agree once everything is
// pulled. (While a new device's first pull is still filling the ledger, the second reading is low and
// a settling award shows once the profile arrives.)
// Streaks are computed from local workouts and rest days in the user's zone while such writes are
// pending, or settling and not yet shown by the pulled data (server-shows.ts); once none is, the
// numbers are the server's. The estimate applies the server's rules (issue 13): best never below the
// pulled profile's best_streak (a record), and no backfilling: a workout write the server has not judged
// yet (pending, or settling and not shown) covers its day only when dated at most two days back
// (coversOnArrival), as the server will judge it on arrival. Pulled workouts count as covering: the
// server's judgment (workouts.covers_day) is not replicated, so a pulled workout that covers nothing
// (only a write replayed more than two days late, or moved far back) may count here until writes settle.
// The server's travel state (judged day, bridged days) is not replicated either; the estimate uses
// today in the profile's zone.
import { levelFromTotalXp, progressPercent } from '../../domain/levels';
import { computeStreaks, coversOnArrival } from '../../domain/streaks';
import { resolveTimeZone, todayIn } from '../../domain/dates';
import { XP_PLAN_WORKOUT, XP_REST_DAY } from '../../domain/constants';
import type { DailyChallengeState } from '../local-state';
import { settlingEntries, type PendingState } from '../pending-writes';
import type { ProfileDoc, RestDayDoc, WorkoutDoc, XpEventDoc } from '../schemas';
import { awardOf, awardToday, inPlanAwardWindow, serverShows, type PulledServerState } from './server-shows';

export interface LocalProgressInput {
  userId: string;
  /** The own profile as last pulled; null before the first pull. */
  profile: Pick<ProfileDoc, 'xp' | 'current_streak' | 'best_streak' | 'timezone'> | null;
  /** Own, not deleted. */
  workouts: readonly Pick<WorkoutDoc, 'id' | 'user_id' | 'date'>[];
  /** Own, not deleted. */
  restDays: readonly Pick<RestDayDoc, 'id' | 'user_id' | 'day'>[];
  /** The server's ledger as pulled. */
  xpEvents: readonly Pick<XpEventDoc, 'source' | 'source_id' | 'amount'>[];
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

interface Awards {
  workouts: ReadonlySet<string>;
  restDays: ReadonlySet<string>;
  challenges: ReadonlySet<string>;
}

export function computeLocalProgress(input: LocalProgressInput): LocalProgress {
  const { userId, profile, pending } = input;
  const awarded = new Set(input.xpEvents.map((x) => `${x.source}|${x.source_id}`));
  const ledgerXp = input.xpEvents.reduce((sum, x) => sum + x.amount, 0);
  const profileXp = profile?.xp ?? 0;
  const today = awardToday(profile?.timezone, input.now);
  const pulled: PulledServerState = { profileXp: profile ? profile.xp : null, ledgerXp, awarded };

  // A settling write counts for the streak until the pulled data shows it (then the pulled profile
  // has it); the worker removes the entry a moment later.
  const docsById = new Map<string, { user_id: string; date?: string }>();
  for (const w of input.workouts) docsById.set(`workouts|${w.id}`, w);
  for (const r of input.restDays) docsById.set(`rest_days|${r.id}`, r);
  const unshown = settlingEntries(pending).filter(
    (e) => !serverShows(awardOf(e, docsById.get(`${e.collection}|${e.doc_id}`), today), pulled),
  );
  const unacknowledged: Awards = idsOf(Object.values(pending.entries));
  const all: Awards = idsOf([...Object.values(pending.entries), ...settlingEntries(pending)]);
  const open: Awards = idsOf([...Object.values(pending.entries), ...unshown]);

  const awardsFor = (ids: Awards): number => {
    const plannedDates = new Set<string>();
    for (const w of input.workouts) {
      const sourceId = `${userId}:${w.date}`;
      if (
        w.user_id === userId &&
        ids.workouts.has(w.id) &&
        inPlanAwardWindow(w.date, today) &&
        !awarded.has(`workout_planned|${sourceId}`)
      ) {
        plannedDates.add(w.date);
      }
    }
    let restDayAwards = 0;
    for (const r of input.restDays) {
      if (r.user_id === userId && ids.restDays.has(r.id) && !awarded.has(`rest_day|${r.id}`)) {
        restDayAwards += 1;
      }
    }
    const challenge = input.dailyChallenge;
    const challengeAward =
      challenge?.completed &&
      ids.challenges.has(challenge.id) &&
      !awarded.has(`daily_challenge|${challenge.id}`)
        ? challenge.points
        : 0;
    return plannedDates.size * XP_PLAN_WORKOUT + restDayAwards * XP_REST_DAY + challengeAward;
  };

  const xp = Math.max(profileXp + awardsFor(unacknowledged), ledgerXp + awardsFor(all));
  const pendingXp = xp - profileXp;
  const lp = levelFromTotalXp(xp);
  const pendingWorkoutIds = open.workouts;
  const pendingRestDayIds = open.restDays;
  const pendingChallengeIds = open.challenges;

  const streakSettled = pendingWorkoutIds.size === 0 && pendingRestDayIds.size === 0;
  const settled = streakSettled && pendingChallengeIds.size === 0;
  let currentStreak = profile?.current_streak ?? 0;
  let bestStreak = profile?.best_streak ?? 0;
  if (!streakSettled || !profile) {
    const zone = resolveTimeZone(profile?.timezone);
    const covered: string[] = [];
    const today = todayIn(zone, input.now);
    for (const w of input.workouts) {
      // A write the server has not judged yet is judged as it will be on arrival (now).
      const backfilled = pendingWorkoutIds.has(w.id) && !coversOnArrival(w.date, today);
      if (w.user_id === userId && !backfilled) covered.push(w.date);
    }
    for (const r of input.restDays) if (r.user_id === userId) covered.push(r.day);
    // best is a record on the server; local history may also be partial (a new device still pulling):
    // never show less than the pulled best.
    const s = computeStreaks({
      coveredDays: covered,
      today,
      recordBest: profile?.best_streak ?? 0,
    });
    currentStreak = s.current;
    bestStreak = s.best;
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

function idsOf(entries: readonly { collection: string; doc_id: string }[]): Awards {
  const workouts = new Set<string>();
  const restDays = new Set<string>();
  const challenges = new Set<string>();
  for (const e of entries) {
    if (e.collection === 'workouts') workouts.add(e.doc_id);
    if (e.collection === 'rest_days') restDays.add(e.doc_id);
    if (e.collection === 'daily_challenge') challenges.add(e.doc_id);
  }
  return { workouts, restDays, challenges };
}
