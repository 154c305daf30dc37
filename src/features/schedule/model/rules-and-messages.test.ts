// @clock-sensitive: today's rules
import { describe, expect, it } from 'vitest';
import { countMessages, messageIndex, streakGroup } from './messages';
import { restDayAvailability } from './rest-day-rules';

describe('restDayAvailability', () => {
  const today = '2026-11-22';
  const free = { confirmed: false, workouts: 0 };
  it('follows the server window: two days back to one ahead', () => {
    expect(restDayAvailability('2026-11-20', today, free)).toBe('available');
    expect(restDayAvailability('2026-11-23', today, free)).toBe('available');
    expect(restDayAvailability('2026-11-19', today, free)).toBe('tooLate');
    expect(restDayAvailability('2026-11-24', today, free)).toBe('tooEarly');
  });
  it('says confirmed first, and refuses a day with a workout', () => {
    expect(restDayAvailability('2026-11-10', today, { confirmed: true, workouts: 0 })).toBe('confirmed');
    expect(restDayAvailability(today, today, { confirmed: false, workouts: 1 })).toBe('hasWorkout');
  });
});

describe('streak messages', () => {
  it('groups by length: under a week, week, three weeks, month, two months', () => {
    expect([1, 6, 7, 20, 21, 29, 30, 59, 60, 400].map(streakGroup)).toEqual([
      'start',
      'start',
      'week',
      'week',
      'threeWeeks',
      'threeWeeks',
      'month',
      'month',
      'twoMonths',
      'twoMonths',
    ]);
  });
  it('picks a stable index within the list', () => {
    expect(messageIndex('2026-01-01', 90)).toBe(1);
    expect(messageIndex('2026-11-22', 90)).toBe(messageIndex('2026-11-22', 90));
    expect(messageIndex('2026-11-22', 18, 3)).toBeLessThan(18);
    expect(messageIndex('2026-11-22', 0)).toBe(0);
  });
  it('counts numbered messages', () => {
    expect(countMessages({ 0: 'a', 1: 'b', 3: 'd' })).toBe(2);
    expect(countMessages(null)).toBe(0);
  });
});
