// @clock-sensitive: today and streak days
import { describe, expect, it } from 'vitest';
import { streakCalendar } from './streak-calendar';

// 2026-11-22 is a Sunday.
const TODAY = '2026-11-22';

describe('streak calendar day cells', () => {
  it('shows 26 Monday-first weeks ending with the current week', () => {
    const cal = streakCalendar({ today: TODAY, workoutDays: [], restDays: [] });
    expect(cal.weeks).toHaveLength(26);
    expect(cal.weeks.every((w) => w.length === 7)).toBe(true);
    expect(cal.weeks[0]?.[0]?.day).toBe('2026-05-25');
    expect(cal.from).toBe('2026-05-25');
    expect(cal.weeks[25]?.[6]).toEqual({ day: TODAY, kind: 'none', isToday: true, future: false });
  });

  it('marks future days of the current week and never counts them', () => {
    const cal = streakCalendar({ today: '2026-11-19', workoutDays: ['2026-11-20'], restDays: [] });
    const last = cal.weeks[25] ?? [];
    expect(last.map((c) => c.future)).toEqual([false, false, false, false, true, true, true]);
    expect(last[4]).toMatchObject({ day: '2026-11-20', kind: 'none' });
    expect(cal.coveredDays).toBe(0);
  });

  it('tells workouts, rest days and both apart and counts covered days and the longest run', () => {
    const cal = streakCalendar({
      today: TODAY,
      workoutDays: ['2026-11-18', '2026-11-19', '2026-11-21', '2026-11-21', '2025-01-01'],
      restDays: ['2026-11-20', '2026-11-21'],
    });
    const week = cal.weeks[25] ?? [];
    expect(week.map((c) => c.kind)).toEqual(['none', 'none', 'workout', 'workout', 'rest', 'both', 'none']);
    // 2025-01-01 lies outside the window.
    expect(cal).toMatchObject({ coveredDays: 4, workoutDays: 3, restDays: 2, longestRun: 4 });
  });

  it('starts weeks on Sunday when asked', () => {
    const cal = streakCalendar({ today: TODAY, workoutDays: [], restDays: [], weekStartsOn: 0 });
    expect(cal.weeks[25]?.[0]).toMatchObject({ day: TODAY, isToday: true });
    expect(cal.weeks[25]?.slice(1).every((c) => c.future)).toBe(true);
  });
});
