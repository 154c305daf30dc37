// @clock-sensitive: streak achievements
import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, achievementStatuses, emptyCounts, visitCount } from './achievements';
import { nextGoal } from './next-goal';

const byId = (list: ReturnType<typeof achievementStatuses>, id: string) => list.find((a) => a.id === id);

describe('achievement statuses', () => {
  it('lists the fifteen seeded achievements, all locked at zero', () => {
    const list = achievementStatuses(emptyCounts());
    expect(list).toHaveLength(15);
    expect(list.map((a) => a.id)).toEqual(ACHIEVEMENTS.map((a) => a.id));
    expect(list.every((a) => !a.unlocked && a.current === 0 && a.percent === 0)).toBe(true);
  });

  it('unlocks from local counts and caps progress at the threshold', () => {
    const list = achievementStatuses({ ...emptyCounts(), streak: 8, check_ins: 4 });
    expect(byId(list, 'streak_3')).toMatchObject({ unlocked: true, current: 3, percent: 100 });
    expect(byId(list, 'streak_7')).toMatchObject({ unlocked: true, current: 7 });
    expect(byId(list, 'streak_30')).toMatchObject({ unlocked: false, current: 8, percent: 26 });
    expect(byId(list, 'check_ins_10')).toMatchObject({ unlocked: false, current: 4, percent: 40 });
  });

  it('trusts the server for what the device cannot count', () => {
    const list = achievementStatuses(emptyCounts(), new Set(['first_flex']));
    expect(byId(list, 'first_flex')).toMatchObject({ unlocked: true, current: 1, percent: 100 });
  });
});

describe('next goal', () => {
  const level = (xpIntoLevel: number, xpForNext: number) => ({ level: 2, xpIntoLevel, xpForNext });

  it('picks the achievement closest to done', () => {
    const list = achievementStatuses({ ...emptyCounts(), workouts: 1, streak: 2, check_ins: 9 });
    // streak_3: 2/3 = 67 %, check_ins_10: 9/10 = 90 %, the level 10 %.
    expect(nextGoal(list, level(10, 100))).toEqual({
      type: 'achievement',
      id: 'check_ins_10',
      current: 9,
      threshold: 10,
      remaining: 1,
      percent: 90,
    });
  });

  it('picks the next level when it is nearer', () => {
    const list = achievementStatuses({ ...emptyCounts(), streak: 2 });
    expect(nextGoal(list, level(80, 100))).toEqual({ type: 'level', level: 3, xpToGo: 20, percent: 80 });
  });

  it('breaks ties by catalogue order and ignores level achievements', () => {
    const list = achievementStatuses({ ...emptyCounts(), level: 4 });
    // Every non-level achievement is at 0 %: the first in order wins over a 0 % level.
    expect(nextGoal(list, level(0, 100))).toMatchObject({ type: 'achievement', id: 'first_workout' });
  });

  it('falls back to the next level when everything is unlocked', () => {
    const all = new Set<string>(ACHIEVEMENTS.map((a) => a.id));
    expect(nextGoal(achievementStatuses(emptyCounts(), all), level(0, 229))).toEqual({
      type: 'level',
      level: 3,
      xpToGo: 229,
      percent: 0,
    });
  });
});

describe('check-in visits', () => {
  const at = (gym: string, time: string) => ({ gym_id: gym, checked_in_at: `2026-03-01T${time}:00Z` });

  it('counts check-ins at one gym within 3 hours as one visit, as the server does', () => {
    const burst = Array.from({ length: 10 }, (_, i) => at('a', `09:0${i}`));
    expect(visitCount(burst)).toBe(1);
    // A chain closer than 3 hours apart stays one visit; 3 hours after the last is a new one.
    expect(visitCount([at('a', '09:00'), at('a', '11:30'), at('a', '14:30')])).toBe(2);
    // Order of arrival does not matter.
    expect(visitCount([at('a', '14:30'), at('a', '09:00'), at('a', '11:30')])).toBe(2);
  });

  it('counts another gym as another visit', () => {
    expect(visitCount([at('a', '09:00'), at('b', '09:01'), at('a', '09:02')])).toBe(2);
    expect(visitCount([])).toBe(0);
  });
});
