// @clock-sensitive: streaks over days
import { describe, it, expect } from 'vitest';
import json from '../../test/vectors/streaks.json';
import { addDays, todayIn } from './dates';
import { BACKFILL_DAYS, computeStreaks, coversOnArrival, streakToday } from './streaks';

interface StreakVector {
  name: string;
  timeZone: string;
  now: string;
  coveredDays: string[];
  judgedDay?: string;
  bridgedDays?: string[];
  recordBest?: number;
  expected: { today: string; current: number; best: number };
}
const vectors: StreakVector[] = json;

describe('computeStreaks: shared vectors', () => {
  it('has at least 30 cases with unique names', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(30);
    expect(new Set(vectors.map((v) => v.name)).size).toBe(vectors.length);
  });

  for (const v of vectors) {
    it(v.name, () => {
      const today = todayIn(v.timeZone, new Date(v.now));
      expect(today).toBe(v.expected.today);
      expect(
        computeStreaks({
          coveredDays: v.coveredDays,
          today,
          judgedDay: v.judgedDay,
          bridgedDays: v.bridgedDays,
          recordBest: v.recordBest,
        }),
      ).toEqual({
        current: v.expected.current,
        best: v.expected.best,
      });
    });
  }
});

describe('computeStreaks: rules', () => {
  const today = '2026-06-15';

  it('is zero with nothing covered', () => {
    expect(computeStreaks({ coveredDays: [], today })).toEqual({ current: 0, best: 0 });
  });

  it('keeps the streak alive through today until the day is over', () => {
    expect(computeStreaks({ coveredDays: ['2026-06-14'], today })).toEqual({ current: 1, best: 1 });
    expect(computeStreaks({ coveredDays: ['2026-06-13'], today })).toEqual({ current: 0, best: 1 });
  });

  it('counts today but never the future', () => {
    expect(computeStreaks({ coveredDays: ['2026-06-15', '2026-06-16'], today })).toEqual({
      current: 1,
      best: 1,
    });
    expect(computeStreaks({ coveredDays: ['2099-01-01'], today })).toEqual({ current: 0, best: 0 });
  });

  it('accepts any iterable, including a Set and a generator', () => {
    const set = new Set(['2026-06-14', '2026-06-15']);
    expect(computeStreaks({ coveredDays: set, today })).toEqual({ current: 2, best: 2 });
    function* days() {
      yield '2026-06-15';
      yield '2026-06-14';
      yield '2026-06-15';
    }
    expect(computeStreaks({ coveredDays: days(), today })).toEqual({ current: 2, best: 2 });
  });

  it('ignores entries that are not ISO days', () => {
    const covered = ['2026-06-14', '2026-06-15', 'garbage', '2026-02-30', '2026-06-13T00:00:00Z', ''];
    expect(computeStreaks({ coveredDays: covered, today })).toEqual({ current: 2, best: 2 });
  });

  it('throws on an invalid today', () => {
    expect(() => computeStreaks({ coveredDays: [], today: '2026-6-15' })).toThrow(RangeError);
  });

  it('handles very long runs and keeps best >= current', () => {
    const covered: string[] = [];
    for (let i = 0; i < 1000; i++) covered.push(addDays(today, -i));
    expect(computeStreaks({ coveredDays: covered, today })).toEqual({ current: 1000, best: 1000 });
    covered.shift(); // today uncovered: still alive through yesterday
    expect(computeStreaks({ coveredDays: covered, today })).toEqual({ current: 999, best: 999 });
  });

  it('counts each day once whatever the zone was when it was covered (travel)', () => {
    // Covered in Auckland on their 7th, then the user lands in Los Angeles where it is still the 6th:
    // the 7th is in the future again and counts only once it has arrived.
    const covered = ['2026-07-05', '2026-07-06', '2026-07-07'];
    const inLa = todayIn('America/Los_Angeles', new Date('2026-07-07T02:00:00Z'));
    expect(computeStreaks({ coveredDays: covered, today: inLa })).toEqual({ current: 2, best: 2 });
    const nextDayInLa = todayIn('America/Los_Angeles', new Date('2026-07-08T02:00:00Z'));
    expect(computeStreaks({ coveredDays: covered, today: nextDayInLa })).toEqual({ current: 3, best: 3 });
  });

  it('does not fail at the very start of the supported range', () => {
    expect(computeStreaks({ coveredDays: ['0001-01-01'], today: '0001-01-01' })).toEqual({
      current: 1,
      best: 1,
    });
    expect(computeStreaks({ coveredDays: [], today: '0001-01-01' })).toEqual({ current: 0, best: 0 });
  });
});

describe('computeStreaks: record, judged day and bridges', () => {
  const today = '2026-06-15';

  it('best never goes below the stored record; current follows the covered days', () => {
    expect(computeStreaks({ coveredDays: ['2026-06-15'], today, recordBest: 9 })).toEqual({
      current: 1,
      best: 9,
    });
    expect(computeStreaks({ coveredDays: [], today, recordBest: null })).toEqual({ current: 0, best: 0 });
  });

  it('the streak today never moves backward', () => {
    expect(streakToday(today, '2026-06-16')).toBe('2026-06-16');
    expect(streakToday(today, '2026-06-14')).toBe(today);
    expect(streakToday(today, null)).toBe(today);
    expect(streakToday(today, 'not a day')).toBe(today);
  });

  it('a run of bridged days only is no streak, and bridges add no length', () => {
    expect(computeStreaks({ coveredDays: [], today, bridgedDays: ['2026-06-14', '2026-06-15'] })).toEqual({
      current: 0,
      best: 0,
    });
    const covered = ['2026-06-12', '2026-06-13', '2026-06-15'];
    expect(computeStreaks({ coveredDays: covered, today, bridgedDays: ['2026-06-14', 'junk'] })).toEqual({
      current: 3,
      best: 3,
    });
  });
});

describe('coversOnArrival: no backfilling', () => {
  it('covers from BACKFILL_DAYS before today on, and every later day', () => {
    expect(BACKFILL_DAYS).toBe(2);
    expect(coversOnArrival('2026-06-13', '2026-06-15')).toBe(true);
    expect(coversOnArrival('2026-06-12', '2026-06-15')).toBe(false);
    expect(coversOnArrival('2026-09-01', '2026-06-15')).toBe(true);
    expect(coversOnArrival('garbage', '2026-06-15')).toBe(false);
  });
});
