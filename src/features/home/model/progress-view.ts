/**
 * The progression numbers the home screen shows: the shape of the progress feature's live view model
 * (`useLocalProgress`), declared here because features do not import each other; the route passes it in.
 */
export interface ProgressView {
  xp: number;
  level: number;
  xpIntoLevel: number;
  xpForNext: number;
  percent: number;
  currentStreak: number;
  bestStreak: number;
  /** XP shown that the server has not confirmed yet. */
  pendingXp: number;
  /** Nothing that moves XP or streaks waits for the server. */
  settled: boolean;
}
