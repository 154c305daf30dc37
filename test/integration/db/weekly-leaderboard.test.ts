// @clock-sensitive: the week from now()
// The friends' weekly leaderboard (migration 20261126160000_weekly_leaderboard.sql, docs/decisions.md
// "Weekly leaderboard"): me and my friends ranked by XP since Monday 00:00 in my zone; equal XP share a
// rank; private friends and strangers are not listed; anon cannot call it. Every instant is computed from
// the database's now(), so the suite means the same on any day and in any zone.
import { beforeAll, describe, expect, it } from 'vitest';
import { clientId, createUserWith, makeFriends, one, sqlState } from './helpers';
import { describeEachEngine } from '../../support/engines';

interface Row {
  week_start: string;
  user_id: string;
  username: string;
  level: number;
  current_streak: number;
  week_xp: number;
  rank: number;
  is_me: boolean;
}

describeEachEngine('weekly leaderboard', (ctx) => {
  const db = () => ctx.engine();

  const board = (who: string) =>
    ctx.as(who, async (tx) => {
      const { rows } = await tx.query<Row>(
        'select week_start::text as week_start, user_id, username, level, current_streak, week_xp, rank, is_me from public.get_weekly_leaderboard()',
      );
      return rows;
    });
  /** An XP event of `who` at `at` (an SQL expression for a timestamptz), written as the owner. */
  const xpAt = (who: string, amount: number, at: string) =>
    db().query(
      `insert into public.xp_events (user_id, source, source_id, amount, created_at)
       values ($1, 'daily_challenge', $2, $3, ${at})`,
      [who, clientId('xp'), amount],
    );
  /** Monday 00:00 of this week in `zone`, from the database's clock, as epoch milliseconds. */
  const mondayOf = async (zone: string) => {
    const row = await one<{ day: string; ms: string }>(
      db(),
      `with t as (select (now() at time zone $1)::date as d)
       select (d - (date_part('isodow', d)::int - 1))::text as day,
              (extract(epoch from ((d - (date_part('isodow', d)::int - 1))::timestamp at time zone $1)) * 1000)::bigint::text as ms
       from t`,
      [zone],
    );
    return { day: row.day, ms: Number(row.ms) };
  };
  const nowMs = async () =>
    Number(
      (await one<{ ms: string }>(db(), `select (extract(epoch from now()) * 1000)::bigint::text as ms`)).ms,
    );
  const ts = (ms: number) => `to_timestamp(${ms / 1000})`;

  describe('order and ties (UTC)', () => {
    let me: string;
    let b: string;
    let c: string;
    let d: string;

    beforeAll(async () => {
      me = await createUserWith(ctx, 'lb_me');
      b = await createUserWith(ctx, 'lb_bea');
      c = await createUserWith(ctx, 'lb_cal');
      d = await createUserWith(ctx, 'lb_dan', 'friends');
      for (const f of [b, c, d]) await makeFriends(db(), me, f);
      // now() is never before this week's Monday, whatever the zone.
      await xpAt(me, 30, 'now()');
      await xpAt(b, 20, 'now()');
      await xpAt(b, 30, 'now()');
      await xpAt(c, 30, 'now()');
    });

    it('ranks by XP, equal XP share a rank, then by username; friends-only friends are listed', async () => {
      const rows = await board(me);
      expect(rows.map((r) => [r.username, r.week_xp, r.rank, r.is_me])).toEqual([
        ['lb_bea', 50, 1, false],
        ['lb_cal', 30, 2, false],
        ['lb_me', 30, 2, true],
        ['lb_dan', 0, 4, false],
      ]);
      expect(rows.every((r) => r.week_start === rows[0]!.week_start)).toBe(true);
    });

    it('carries level and current streak from the profile', async () => {
      await db().query('update public.profiles set current_streak = 4 where id = $1', [b]);
      const bea = (await board(me)).find((r) => r.user_id === b)!;
      const profile = await one<{ level: number }>(db(), 'select level from public.profiles where id = $1', [
        b,
      ]);
      expect(bea.current_streak).toBe(4);
      expect(bea.level).toBe(profile.level);
    });

    it('a former friend is no longer listed', async () => {
      await db().query(
        `update public.friendships set _deleted = true where (user_id, friend_id) in (($1::uuid, $2::uuid), ($2::uuid, $1::uuid))`,
        [me, d],
      );
      expect((await board(me)).map((r) => r.username)).not.toContain('lb_dan');
    });
  });

  describe('the week starts on Monday 00:00 in the viewer’s zone', () => {
    const zones = { kiri: 'Pacific/Kiritimati', hono: 'Pacific/Honolulu' } as const;
    let viewers: Record<keyof typeof zones, string>;
    let friend: string;
    let mondays: Record<keyof typeof zones, { day: string; ms: number }>;
    const events: { ms: number; amount: number }[] = [];

    beforeAll(async () => {
      viewers = {
        kiri: await createUserWith(ctx, 'lb_kiri', 'public', zones.kiri),
        hono: await createUserWith(ctx, 'lb_hono', 'public', zones.hono),
      };
      friend = await createUserWith(ctx, 'lb_pal');
      await makeFriends(db(), viewers.kiri, friend);
      await makeFriends(db(), viewers.hono, friend);
      mondays = { kiri: await mondayOf(zones.kiri), hono: await mondayOf(zones.hono) };
      const now = await nowMs();
      // For each viewer: one event an hour before their Monday and one between their Monday and now.
      let amount = 1;
      for (const m of Object.values(mondays)) {
        events.push({ ms: m.ms - 3_600_000, amount });
        events.push({ ms: Math.floor((m.ms + now) / 2), amount: amount * 2 });
        amount *= 4;
      }
      for (const e of events) await xpAt(friend, e.amount, ts(e.ms));
    });

    for (const key of ['kiri', 'hono'] as const) {
      it(`counts from Monday 00:00 in ${zones[key]}`, async () => {
        const rows = await board(viewers[key]);
        const pal = rows.find((r) => r.user_id === friend)!;
        const monday = mondays[key].ms;
        // Amounts are distinct powers of two, so the sum names exactly the events counted.
        const expected = events.filter((e) => e.ms >= monday).reduce((s, e) => s + e.amount, 0);
        expect(pal.week_xp).toBe(expected);
        expect(rows[0]!.week_start).toBe(mondays[key].day);
        // This viewer's own pair: the event an hour before their Monday is out, the one after it is in.
        const mine = key === 'kiri' ? events.slice(0, 2) : events.slice(2, 4);
        expect(expected & mine[0]!.amount).toBe(0);
        expect(expected & mine[1]!.amount).toBe(mine[1]!.amount);
      });
    }

    it('the two zones’ Mondays are different instants', () => {
      expect(mondays.kiri.ms).not.toBe(mondays.hono.ms);
    });
  });

  describe('visibility and access', () => {
    let me: string;
    let hidden: string;
    let stranger: string;

    beforeAll(async () => {
      me = await createUserWith(ctx, 'lb_v_me');
      hidden = await createUserWith(ctx, 'lb_hidden', 'private');
      stranger = await createUserWith(ctx, 'lb_strange');
      await makeFriends(db(), me, hidden);
      await xpAt(hidden, 40, 'now()');
      await xpAt(stranger, 40, 'now()');
      await xpAt(me, 5, 'now()');
    });

    it('a private friend and a stranger are not listed; I always am', async () => {
      const rows = await board(me);
      expect(rows.map((r) => r.username)).toEqual(['lb_v_me']);
      expect(rows[0]).toMatchObject({ week_xp: 5, rank: 1, is_me: true });
    });

    it('the private user still sees their own row and their friends who are not private', async () => {
      const rows = await board(hidden);
      expect(rows.map((r) => [r.username, r.week_xp, r.is_me])).toEqual([
        ['lb_hidden', 40, true],
        ['lb_v_me', 5, false],
      ]);
    });

    it('anon cannot call it, and the body in private is out of reach', async () => {
      expect(
        await sqlState(() =>
          ctx.as('anon', (tx) => tx.query('select * from public.get_weekly_leaderboard()')),
        ),
      ).toBe('42501');
      expect(
        await sqlState(() => ctx.as('anon', (tx) => tx.query('select * from private.weekly_leaderboard()'))),
      ).toBe('42501');
    });
  });
});
