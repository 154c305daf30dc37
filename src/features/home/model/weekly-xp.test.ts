// @clock-sensitive: weeks in the user's zone
import { describe, expect, it } from 'vitest';
import { chartMax, weeklyXp } from './weekly-xp';

const TODAY = '2026-11-22'; // a Sunday: the current week started Monday 2026-11-16

describe('weekly XP buckets', () => {
  it('gives eight weeks, oldest first, the last one current', () => {
    const weeks = weeklyXp({ events: [], today: TODAY, timeZone: 'UTC' });
    expect(weeks).toHaveLength(8);
    expect(weeks[0]).toEqual({ start: '2026-09-28', xp: 0, current: false });
    expect(weeks[7]).toEqual({ start: '2026-11-16', xp: 0, current: true });
  });

  it('sums the ledger per week in the user’s zone and drops older events', () => {
    const weeks = weeklyXp({
      events: [
        { amount: 5, created_at: '2026-11-16T08:00:00Z' },
        { amount: 10, created_at: '2026-11-22T10:00:00Z' },
        // Sunday 23:30 UTC is already Monday in Berlin: the current week there, the previous one in UTC.
        { amount: 15, created_at: '2026-11-15T23:30:00Z' },
        { amount: 5, created_at: '2026-01-01T12:00:00Z' },
        { amount: 5, created_at: 'not a date' },
      ],
      today: TODAY,
      timeZone: 'Europe/Berlin',
    });
    expect(weeks[7]?.xp).toBe(30);
    expect(weeks[6]?.xp).toBe(0);
    const utc = weeklyXp({
      events: [{ amount: 15, created_at: '2026-11-15T23:30:00Z' }],
      today: TODAY,
      timeZone: 'UTC',
    });
    expect(utc[6]?.xp).toBe(15);
  });

  it('adds XP not yet confirmed by the server to the current week', () => {
    const weeks = weeklyXp({ events: [], today: TODAY, timeZone: 'UTC', pendingXp: 15 });
    expect(weeks[7]?.xp).toBe(15);
    expect(chartMax(weeks)).toBe(15);
    expect(chartMax(weeklyXp({ events: [], today: TODAY, timeZone: 'UTC' }))).toBe(1);
  });
});
