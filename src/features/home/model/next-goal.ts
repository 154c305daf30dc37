// The "next goal" on the home screen: the nearest of the next level and the locked achievements,
// measured as the share of the way already done. Level achievements are left to the level goal (the
// next level is always at least as near). With everything unlocked the next level remains.
import type { AchievementId, AchievementStatus } from './achievements';

export type NextGoal =
  | { type: 'level'; level: number; xpToGo: number; percent: number }
  | {
      type: 'achievement';
      id: AchievementId;
      current: number;
      threshold: number;
      remaining: number;
      percent: number;
    };

export interface LevelPosition {
  level: number;
  xpIntoLevel: number;
  xpForNext: number;
}

export function nextGoal(achievements: readonly AchievementStatus[], progress: LevelPosition): NextGoal {
  const levelShare = progress.xpForNext > 0 ? Math.min(1, progress.xpIntoLevel / progress.xpForNext) : 0;
  const levelGoal: NextGoal = {
    type: 'level',
    level: progress.level + 1,
    xpToGo: Math.max(0, progress.xpForNext - progress.xpIntoLevel),
    percent: Math.floor(levelShare * 100),
  };
  let best: AchievementStatus | undefined;
  let bestShare = -1;
  for (const a of achievements) {
    if (a.unlocked || a.kind === 'level') continue;
    const share = a.current / a.threshold;
    // Strictly greater: on a tie the earlier achievement in the catalogue order wins.
    if (share > bestShare) {
      best = a;
      bestShare = share;
    }
  }
  if (best === undefined || levelShare > bestShare) return levelGoal;
  return {
    type: 'achievement',
    id: best.id,
    current: best.current,
    threshold: best.threshold,
    remaining: best.threshold - best.current,
    percent: best.percent,
  };
}
