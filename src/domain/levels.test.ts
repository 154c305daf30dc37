import { describe, it, expect } from 'vitest';
import vectors from '../../test/vectors/levels.json';
import { MAX_LEVEL, levelFromTotalXp, progressPercent, totalXpForLevel, xpNeededForLevel } from './levels';

describe('xpNeededForLevel', () => {
  it('follows floor(100 * (n+1)^1.2) for hand-checked levels', () => {
    expect(xpNeededForLevel(1)).toBe(229); // 2^1.2 = 2.2974
    expect(xpNeededForLevel(2)).toBe(373); // 3^1.2 = 3.7372
    expect(xpNeededForLevel(9)).toBe(1584); // 10^1.2 = 15.8489
  });

  it('treats levels below 1 (and NaN) as level 1, and floors fractions', () => {
    expect(xpNeededForLevel(0)).toBe(229);
    expect(xpNeededForLevel(-5)).toBe(229);
    expect(xpNeededForLevel(Number.NaN)).toBe(229);
    expect(xpNeededForLevel(2.9)).toBe(373);
  });

  it('keeps the double-precision result at perfect fifth powers (as SQL power(double precision) does)', () => {
    // Real arithmetic gives 6400 and 72900; doubles land just below, and the floor follows them.
    expect(xpNeededForLevel(31)).toBe(6399);
    expect(xpNeededForLevel(242)).toBe(72899);
  });

  it('matches every need in the shared vectors', () => {
    for (const { level, need } of [...vectors.needs, ...vectors.needsBeyond300]) {
      expect(xpNeededForLevel(level), `level ${level}`).toBe(need);
    }
    expect(vectors.needs).toHaveLength(300);
  });
});

describe('totalXpForLevel', () => {
  it('is 0 for level 1 and sums the needs below', () => {
    expect(totalXpForLevel(1)).toBe(0);
    expect(totalXpForLevel(2)).toBe(229);
    expect(totalXpForLevel(3)).toBe(229 + 373);
  });

  it('clamps levels to 1..MAX_LEVEL', () => {
    expect(totalXpForLevel(0)).toBe(0);
    expect(totalXpForLevel(-3)).toBe(0);
    expect(totalXpForLevel(MAX_LEVEL + 50)).toBe(totalXpForLevel(MAX_LEVEL));
  });

  it('matches every total in the shared vectors', () => {
    for (const { level, total } of [...vectors.totals, ...vectors.totalsBeyond300]) {
      expect(totalXpForLevel(level), `level ${level}`).toBe(total);
    }
    expect(vectors.totals).toHaveLength(300);
  });

  it('stays an exact integer up to the cap', () => {
    const top = totalXpForLevel(MAX_LEVEL);
    expect(Number.isSafeInteger(top)).toBe(true);
    expect(top - totalXpForLevel(MAX_LEVEL - 1)).toBe(xpNeededForLevel(MAX_LEVEL - 1));
  });
});

describe('levelFromTotalXp', () => {
  it('starts at level 1 with nothing into it', () => {
    expect(levelFromTotalXp(0)).toEqual({ level: 1, xpIntoLevel: 0, xpForNext: 229 });
  });

  it('treats negative, NaN and infinite totals as 0', () => {
    for (const bad of [-1, -1e9, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(levelFromTotalXp(bad)).toEqual({ level: 1, xpIntoLevel: 0, xpForNext: 229 });
    }
  });

  it('floors fractional totals', () => {
    expect(levelFromTotalXp(228.99)).toEqual({ level: 1, xpIntoLevel: 228, xpForNext: 229 });
  });

  it('levels up exactly at each threshold', () => {
    expect(levelFromTotalXp(228).level).toBe(1);
    expect(levelFromTotalXp(229)).toEqual({ level: 2, xpIntoLevel: 0, xpForNext: 373 });
    for (let level = 2; level <= 400; level++) {
      const t = totalXpForLevel(level);
      expect(levelFromTotalXp(t - 1).level).toBe(level - 1);
      expect(levelFromTotalXp(t)).toEqual({ level, xpIntoLevel: 0, xpForNext: xpNeededForLevel(level) });
    }
  });

  it('caps at MAX_LEVEL and keeps the surplus in xpIntoLevel', () => {
    const cap = totalXpForLevel(MAX_LEVEL);
    expect(levelFromTotalXp(cap - 1).level).toBe(MAX_LEVEL - 1);
    expect(levelFromTotalXp(cap)).toEqual({ level: MAX_LEVEL, xpIntoLevel: 0, xpForNext: 6310330 });
    const huge = levelFromTotalXp(1e12);
    expect(huge).toEqual({ level: MAX_LEVEL, xpIntoLevel: 1e12 - cap, xpForNext: 6310330 });
    expect(progressPercent(huge.xpIntoLevel, huge.xpForNext)).toBe(100);
  });

  it('agrees with a plain walk up for a spread of totals', () => {
    for (let total = 0; total < 2_000_000; total += 9_973) {
      let level = 1;
      let rest = total;
      while (rest >= xpNeededForLevel(level)) rest -= xpNeededForLevel(level++);
      expect(levelFromTotalXp(total)).toEqual({
        level,
        xpIntoLevel: rest,
        xpForNext: xpNeededForLevel(level),
      });
    }
  });

  it('matches every edge total in the shared vectors, progress included', () => {
    expect(vectors.fromTotal.length).toBeGreaterThan(900);
    for (const v of vectors.fromTotal) {
      const got = levelFromTotalXp(v.total);
      expect(got, `total ${v.total}`).toEqual({
        level: v.level,
        xpIntoLevel: v.xpIntoLevel,
        xpForNext: v.xpForNext,
      });
      expect(progressPercent(got.xpIntoLevel, got.xpForNext), `total ${v.total}`).toBe(v.progressPercent);
    }
  });
});

describe('progressPercent', () => {
  it('is the floored integer share', () => {
    expect(progressPercent(0, 229)).toBe(0);
    expect(progressPercent(100, 229)).toBe(43);
    expect(progressPercent(228, 229)).toBe(99);
    expect(progressPercent(229, 229)).toBe(100);
    expect(progressPercent(1, 3)).toBe(33);
  });

  it('clamps to 0..100', () => {
    expect(progressPercent(-50, 229)).toBe(0);
    expect(progressPercent(10_000, 229)).toBe(100);
  });

  it('is 0 when the total (xpForNext) is zero or less, or anything is NaN', () => {
    expect(progressPercent(50, 0)).toBe(0);
    expect(progressPercent(50, -10)).toBe(0);
    expect(progressPercent(Number.NaN, 100)).toBe(0);
    expect(progressPercent(50, Number.NaN)).toBe(0);
  });
});
