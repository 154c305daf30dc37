// Achievement progress on the home screen. The server unlocks achievements (triggers, docs/database.md
// "Progression") and does not replicate `user_achievements` to the device, so the home screen derives
// progress from what is local (workouts, rest days, check-ins, friendships, the XP ledger and the live
// progression) and merges the ids the server reports as unlocked (get_public_profile, when online).
// An achievement is shown unlocked when either says so: the local count reaches the threshold at once
// after a write, and the server's word covers what the device cannot count (flexes given, deleted rows).

/** The catalogue (supabase/migrations/20261126170000_reference_data.sql), in its display order. */
export const ACHIEVEMENTS = [
  { id: 'first_workout', kind: 'workouts', threshold: 1 },
  { id: 'first_rest_day', kind: 'rest_days', threshold: 1 },
  { id: 'streak_3', kind: 'streak', threshold: 3 },
  { id: 'streak_7', kind: 'streak', threshold: 7 },
  { id: 'streak_30', kind: 'streak', threshold: 30 },
  { id: 'streak_100', kind: 'streak', threshold: 100 },
  { id: 'level_5', kind: 'level', threshold: 5 },
  { id: 'level_10', kind: 'level', threshold: 10 },
  { id: 'level_25', kind: 'level', threshold: 25 },
  { id: 'first_friend', kind: 'friends', threshold: 1 },
  { id: 'first_flex', kind: 'flexes_given', threshold: 1 },
  { id: 'first_check_in', kind: 'check_ins', threshold: 1 },
  { id: 'check_ins_10', kind: 'check_ins', threshold: 10 },
  { id: 'daily_challenges_7', kind: 'daily_challenges', threshold: 7 },
  { id: 'first_join', kind: 'joins', threshold: 1 },
] as const;

export type AchievementId = (typeof ACHIEVEMENTS)[number]['id'];
export type AchievementKind = (typeof ACHIEVEMENTS)[number]['kind'];
export type AchievementCounts = Record<AchievementKind, number>;

export interface AchievementStatus {
  id: AchievementId;
  kind: AchievementKind;
  threshold: number;
  /** Progress towards the threshold, capped at it. */
  current: number;
  unlocked: boolean;
  /** 0..100, floored. */
  percent: number;
}

export const emptyCounts = (): AchievementCounts => ({
  workouts: 0,
  rest_days: 0,
  streak: 0,
  level: 0,
  friends: 0,
  flexes_given: 0,
  check_ins: 0,
  daily_challenges: 0,
  joins: 0,
});

/**
 * Check-ins at one gym within this long of another are one visit (migration 20261207163000): presence
 * counts a check-in as "here now" for 3 hours, and ten check-ins in a minute must not farm the
 * check-in achievements.
 */
export const VISIT_GAP_MS = 3 * 60 * 60 * 1000;

/**
 * The visits among a user's check-ins, as the server counts them toward the achievements: a check-in
 * counts unless another at the same gym began less than VISIT_GAP_MS before it. (The server also counts
 * at most 3 visits arriving a day; a device cannot see arrivals, and real users stay under it.)
 */
export function visitCount(checkIns: readonly { gym_id: string; checked_in_at: string }[]): number {
  const byGym = new Map<string, number[]>();
  for (const c of checkIns) {
    const at = Date.parse(c.checked_in_at);
    if (Number.isNaN(at)) continue;
    byGym.set(c.gym_id, [...(byGym.get(c.gym_id) ?? []), at]);
  }
  let visits = 0;
  for (const times of byGym.values()) {
    times.sort((a, b) => a - b);
    times.forEach((at, i) => {
      if (i === 0 || at - times[i - 1]! >= VISIT_GAP_MS) visits += 1;
    });
  }
  return visits;
}

export function achievementStatuses(
  counts: AchievementCounts,
  unlockedOnServer: ReadonlySet<string> = new Set(),
): AchievementStatus[] {
  return ACHIEVEMENTS.map((a) => {
    const raw = Math.max(0, Math.floor(counts[a.kind]));
    const unlocked = raw >= a.threshold || unlockedOnServer.has(a.id);
    const current = unlocked ? a.threshold : Math.min(raw, a.threshold);
    return {
      id: a.id,
      kind: a.kind,
      threshold: a.threshold,
      current,
      unlocked,
      percent: Math.floor((100 * current) / a.threshold),
    };
  });
}
