// Levels and XP: the product's level curve (spec point 9, "Level formula").
//
// The server (SQL) computes the same numbers from the XP ledger and both sides are checked against
// test/vectors/levels.json. Floating point is part of the contract: the need for a level is
// floor(100 * pow(n + 1, 1.2)) evaluated in IEEE-754 doubles, exactly what Postgres'
// `power(double precision, double precision)` gives. Real arithmetic would differ: at the perfect fifth
// powers (n + 1 = 32, 243, 1024, 3125, 7776) the exact value is an integer (e.g. 100 * 32^1.2 = 6400), but
// 1.2 is not representable in binary, the double result lands a hair below and the floor is one less
// (6399). We keep the double result on purpose so that client and server agree to the unit.

/** The highest level; XP beyond it still counts but no longer raises the level. */
export const MAX_LEVEL = 10000;

/** XP needed to go from level `n` to `n + 1`: floor(100 * (max(1, n) + 1)^1.2), computed in doubles. */
export function xpNeededForLevel(n: number): number {
  const base = Math.max(1, Math.floor(Number.isFinite(n) ? n : 1));
  return Math.floor(100 * Math.pow(base + 1, 1.2));
}

// Cumulative totals, built once on first use: totals[l] = XP needed to reach level l from zero (l >= 1).
// 10,001 entries; the largest (level 10000) is about 2.9e10, far below 2^53, so every sum is exact.
let totalsCache: number[] | undefined;

function totals(): number[] {
  if (totalsCache) return totalsCache;
  const table = new Array<number>(MAX_LEVEL + 1);
  table[0] = 0;
  table[1] = 0;
  for (let level = 2; level <= MAX_LEVEL; level++) {
    table[level] = (table[level - 1] ?? 0) + xpNeededForLevel(level - 1);
  }
  totalsCache = table;
  return table;
}

/**
 * Total XP needed to reach `level` from zero: the sum of the needs of levels 1 .. level - 1.
 * Levels below 1 count as 1 (total 0); levels above MAX_LEVEL count as MAX_LEVEL.
 */
export function totalXpForLevel(level: number): number {
  const l = Math.min(MAX_LEVEL, Math.max(1, Math.floor(Number.isFinite(level) ? level : 1)));
  return totals()[l] ?? 0;
}

export interface LevelProgress {
  /** 1 .. MAX_LEVEL */
  level: number;
  /** XP earned since reaching `level`. At MAX_LEVEL it keeps growing and may exceed `xpForNext`. */
  xpIntoLevel: number;
  /** XP the step from `level` to `level + 1` takes (at MAX_LEVEL: the need of level 10000, never 0). */
  xpForNext: number;
}

/**
 * The level reached with `totalXp`, walking up from level 1 and subtracting each need while the rest
 * still covers it, capped at MAX_LEVEL.
 *
 * Inputs: the total is floored to an integer; zero, negative totals, NaN and infinities (never produced by
 * the server) give level 1 with 0 XP into it.
 *
 * At the cap: `level` is MAX_LEVEL, `xpIntoLevel` is everything above totalXpForLevel(MAX_LEVEL) (it is
 * not cut, so no XP is hidden), and `xpForNext` stays xpNeededForLevel(MAX_LEVEL). progressPercent() then
 * clamps to 100 once the surplus covers that need, so a maxed-out bar shows full instead of dividing by 0.
 */
export function levelFromTotalXp(totalXp: number): LevelProgress {
  const xp = Number.isFinite(totalXp) && totalXp > 0 ? Math.floor(totalXp) : 0;
  const table = totals();
  // Binary search for the highest level whose total is <= xp: the same answer as the walk up, in
  // 14 steps instead of up to 10,000.
  let lo = 1;
  let hi = MAX_LEVEL;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if ((table[mid] ?? Infinity) <= xp) lo = mid;
    else hi = mid - 1;
  }
  return { level: lo, xpIntoLevel: xp - (table[lo] ?? 0), xpForNext: xpNeededForLevel(lo) };
}

/**
 * Share of the way to the next level as an integer percentage, floored: floor(100 * into / forNext),
 * clamped to 0..100.
 *
 * Spec point 9 says the percentage "is 0 if the total is zero or less". We read "the total" as the
 * denominator, the XP the current level takes (`xpForNext`): a zero or negative total (and NaN) gives 0
 * rather than a division by zero. (Reading it as the user's total XP gives the same results, because a
 * total of zero or less always yields 0 XP into level 1.)
 *
 * Floored integers keep the bar honest (100 only when the need is fully covered) and let SQL reproduce
 * the value with integer arithmetic: (100 * into) / for_next on bigint.
 */
export function progressPercent(xpIntoLevel: number, xpForNext: number): number {
  if (!(xpForNext > 0) || Number.isNaN(xpIntoLevel)) return 0;
  const raw = Math.floor((100 * xpIntoLevel) / xpForNext);
  return Math.min(100, Math.max(0, raw));
}
