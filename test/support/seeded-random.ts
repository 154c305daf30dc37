/** mulberry32: a small seedable generator, so a randomized test replays exactly from its seed. */
export interface SeededRandom {
  /** In [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function seededRandom(seed: number): SeededRandom {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

/**
 * The seeds a randomized suite runs: `<PREFIX>_SEED` replays one, else `<PREFIX>_SEEDS` seeds (default
 * `ciCount` in CI, `localCount` otherwise) from `<PREFIX>_FIRST_SEED` (default 1).
 */
export function seedsFromEnv(prefix: string, ciCount: number, localCount: number): number[] {
  const single = process.env[`${prefix}_SEED`];
  if (single !== undefined) return [Number(single)];
  const count = Number(process.env[`${prefix}_SEEDS`] ?? (process.env.CI ? ciCount : localCount));
  const first = Number(process.env[`${prefix}_FIRST_SEED`] ?? 1);
  return Array.from({ length: count }, (_, i) => first + i);
}
