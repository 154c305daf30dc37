import { useEffect, useMemo, useState } from 'react';
import { useUserData } from '@/sync/user-data-context';
import { achievementStatuses, emptyCounts, visitCount, type AchievementStatus } from '../model/achievements';
import type { ProgressView } from '../model/progress-view';
import { useLive } from '@/sync/use-live';

/**
 * Achievement progress from the local collections (instant, offline), merged with the ids the server
 * reports unlocked (`get_public_profile` for my own id, asked once per visit when online; a failure only
 * means the local view stands alone). `pendingChallenge`: today's claim is not in the ledger yet.
 */
export function useAchievements(
  progress: ProgressView | undefined,
  pendingChallenge: boolean,
): AchievementStatus[] {
  const { userId, sync } = useUserData();
  // Counts, and the few joined workouts, rather than every workout: a long history is thousands of
  // documents, and this query ran again for each page a new device's first pull wrote (bench sync).
  const workoutCount = useLive((db) => db.workouts.count({ selector: { user_id: userId } }), [userId]);
  const joinedWorkouts = useLive(
    (db) => db.workouts.find({ selector: { user_id: userId, joined_from: { $ne: null } } }),
    [userId],
  );
  const restDays = useLive((db) => db.rest_days.count({ selector: { user_id: userId } }), [userId]);
  // Visits, not check-ins: the server counts check-ins at one gym within 3 hours as one (visitCount).
  const checkIns = useLive((db) => db.check_ins.find({ selector: { user_id: userId } }), [userId]);
  const friends = useLive((db) => db.friendships.count({ selector: { user_id: userId } }), [userId]);
  const challenges = useLive(
    (db) => db.xp_events.find({ selector: { user_id: userId, source: 'daily_challenge' } }),
    [userId],
  );
  const [serverIds, setServerIds] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    let current = true;
    void sync.rpc('get_public_profile', { p_id: userId }).then((result) => {
      if (!current || !result.ok) return;
      const row: unknown = Array.isArray(result.data) ? result.data[0] : result.data;
      const ids = (row as { achievement_ids?: unknown } | undefined)?.achievement_ids;
      if (Array.isArray(ids)) setServerIds(new Set(ids.filter((x): x is string => typeof x === 'string')));
    });
    return () => {
      current = false;
    };
  }, [sync, userId]);

  return useMemo(() => {
    const counts = emptyCounts();
    counts.workouts = workoutCount ?? 0;
    counts.joins = joinedWorkouts?.length ?? 0;
    counts.rest_days = restDays ?? 0;
    counts.check_ins = visitCount(checkIns ?? []);
    counts.friends = friends ?? 0;
    const ledgerDays = new Set(challenges?.map((c) => c.source_id));
    counts.daily_challenges = ledgerDays.size + (pendingChallenge ? 1 : 0);
    counts.streak = progress?.bestStreak ?? 0;
    counts.level = progress?.level ?? 0;
    return achievementStatuses(counts, serverIds);
  }, [
    workoutCount,
    joinedWorkouts,
    restDays,
    checkIns,
    friends,
    challenges,
    pendingChallenge,
    progress,
    serverIds,
  ]);
}
