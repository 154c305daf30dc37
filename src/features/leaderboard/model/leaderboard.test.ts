// @clock-sensitive: the week from today
import { describe, expect, it } from 'vitest';
import type { LeaderboardRow, WeeklyLeaderboard } from '@/db/local-state';
import { addDays } from '@/domain/dates';
import { currentWeekStart, leaderboardView, rankRows, topWithMe, weekXpSince } from './leaderboard';

const row = (user_id: string, username: string, week_xp: number, is_me = false): LeaderboardRow => ({
  user_id,
  username,
  discriminator: '0001',
  slug: `${username}-0001`,
  avatar_id: null,
  profile_picture_url: null,
  level: 2,
  current_streak: 1,
  week_xp,
  rank: 0,
  is_me,
});
const me = {
  username: 'me',
  discriminator: '0001',
  slug: 'me-0001',
  avatar_id: null,
  profile_picture_url: null,
  level: 3,
  current_streak: 5,
};

describe('currentWeekStart and weekXpSince', () => {
  const now = new Date();

  it('is a Monday on or before today, within the last 7 days, in each zone', () => {
    for (const zone of ['UTC', 'Pacific/Kiritimati', 'Pacific/Honolulu']) {
      const monday = currentWeekStart(zone, now);
      expect(new Date(`${monday}T12:00:00Z`).getUTCDay()).toBe(1);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(now);
      expect(monday <= today && addDays(monday, 6) >= today).toBe(true);
    }
  });

  it('counts events from Monday 00:00 in the zone, not before', () => {
    const zone = 'Pacific/Kiritimati';
    const monday = currentWeekStart(zone, now);
    // Kiritimati is UTC+14: its Monday 00:00 is Sunday 10:00 UTC.
    const start = Date.parse(`${addDays(monday, -1)}T10:00:00Z`);
    const events = [
      { amount: 1, created_at: new Date(start - 60_000).toISOString() },
      { amount: 2, created_at: new Date(start).toISOString() },
      { amount: 4, created_at: new Date(start + 3_600_000).toISOString() },
    ];
    expect(weekXpSince(events, zone, monday)).toBe(6);
  });
});

describe('rankRows', () => {
  it('orders by XP then username; equal XP share a rank', () => {
    const ranked = rankRows([
      row('c', 'cal', 30),
      row('a', 'ann', 50),
      row('b', 'bob', 30),
      row('d', 'dan', 0),
    ]);
    expect(ranked.map((r) => [r.username, r.rank])).toEqual([
      ['ann', 1],
      ['bob', 2],
      ['cal', 2],
      ['dan', 4],
    ]);
  });
});

describe('leaderboardView', () => {
  const week = '2026-11-23';
  const stored = (rows: LeaderboardRow[], week_start = week): WeeklyLeaderboard => ({
    week_start,
    rows,
    fetched_at: '2026-11-26T10:00:00.000Z',
  });

  it('recomputes my row from local XP so it moves at once, and re-ranks', () => {
    const board = stored([row('f', 'fay', 20), row('m', 'me', 10, true)]);
    const view = leaderboardView(board, { userId: 'm', weekXp: 25, profile: me }, week);
    expect(view.rows.map((r) => [r.username, r.week_xp, r.rank])).toEqual([
      ['me', 25, 1],
      ['fay', 20, 2],
    ]);
    expect(view.me?.level).toBe(3);
    expect(view.noFriends).toBe(false);
  });

  it('keeps the server’s sum when the local ledger is behind it', () => {
    const view = leaderboardView(
      stored([row('m', 'me', 40, true)]),
      { userId: 'm', weekXp: 10, profile: me },
      week,
    );
    expect(view.me?.week_xp).toBe(40);
    expect(view.noFriends).toBe(true);
  });

  it('after Monday passes offline, friends count 0 and my row only this week’s local XP', () => {
    const board = stored([row('f', 'fay', 90), row('m', 'me', 70, true)], addDays(week, -7));
    const view = leaderboardView(board, { userId: 'm', weekXp: 5, profile: me }, week);
    expect(view.weekTurned).toBe(true);
    expect(view.rows.map((r) => [r.username, r.week_xp])).toEqual([
      ['me', 5],
      ['fay', 0],
    ]);
  });

  it('before the first fetch shows me alone', () => {
    const view = leaderboardView(null, { userId: 'm', weekXp: 0, profile: me }, week);
    expect(view.rows).toHaveLength(1);
    expect(view.fetchedAt).toBeNull();
    expect(view.noFriends).toBe(true);
  });
});

describe('topWithMe', () => {
  const week = '2026-11-23';
  const board: WeeklyLeaderboard = {
    week_start: week,
    rows: [row('a', 'ann', 50), row('b', 'bob', 40), row('c', 'cal', 30), row('d', 'dan', 20)],
    fetched_at: null,
  };

  it('shows my row apart when I am not in the top three', () => {
    const { top, meBelow } = topWithMe(leaderboardView(board, { userId: 'm', weekXp: 1, profile: me }, week));
    expect(top.map((r) => r.username)).toEqual(['ann', 'bob', 'cal']);
    expect(meBelow).toMatchObject({ username: 'me', rank: 5 });
  });

  it('shows no extra row when I am in the top three', () => {
    const { top, meBelow } = topWithMe(
      leaderboardView(board, { userId: 'm', weekXp: 45, profile: me }, week),
    );
    expect(top.map((r) => r.username)).toEqual(['ann', 'me', 'bob']);
    expect(meBelow).toBeNull();
  });
});
