// @clock-sensitive: days from today, time windows
// Server rules against farming and probing (issue 15; migration 20261126110000_visibility_and_flex_rules.sql):
// - flex XP: +5 once per sender and activity, never one's own, at most 10 paid flexes (50 XP) per
//   recipient in any 24 hours (migration 20261207162000; it was per day in the recipient's zone, which a
//   zone hop reset); further flexes are recorded and notified, unpaid;
// - a sock puppet cannot make backfilled workouts pay (no activity outside the streak window);
// - workouts.joined_from names only a workout the user was accepted into, with one answer for a missing
//   and an existing workout (no existence oracle); the accept path still makes the copy.
import { beforeAll, describe, expect, it } from 'vitest';
import { dayFromToday } from '../../support/clock/days';
import { describeEachEngine } from '../../support/engines';
import { clientId, count, createUserWith, expectRefusal, makeFriends, one } from './helpers';

const CAP = 10;

describeEachEngine('flex and join rules', (ctx) => {
  const db = () => ctx.engine();

  const flex = (who: string, activity: string) =>
    ctx.as(who, (tx) => tx.query('select * from public.flex_activity($1, $2)', [clientId('fx'), activity]));
  const flexXp = async (who: string) =>
    (
      await one<{ n: number }>(
        db(),
        `select coalesce(sum(amount), 0)::int as n from public.xp_events where user_id = $1 and source = 'flex_received'`,
        [who],
      )
    ).n;
  /** A workout of `who`, inserted as the user (so the server judges its date), `offset` days from today. */
  const workout = async (who: string, offset: number): Promise<string> => {
    const id = clientId('w');
    await ctx.as(who, (tx) =>
      tx.query(
        `insert into public.workouts (id, user_id, type, date)
         values ($1, $2, 'hiit', (now() at time zone (select timezone from public.profiles where id = $2))::date + $3::int)`,
        [id, who, offset],
      ),
    );
    return id;
  };

  describe('flex XP', () => {
    let farmer: string;
    let puppet: string;
    let puppet2: string;
    let other: string;

    beforeAll(async () => {
      farmer = await createUserWith(ctx, 'farmer');
      puppet = await createUserWith(ctx, 'puppet');
      puppet2 = await createUserWith(ctx, 'puppet2');
      other = await createUserWith(ctx, 'other');
      for (const p of [puppet, puppet2]) {
        await makeFriends(db(), farmer, p);
        await makeFriends(db(), other, p);
      }
    });

    it('pays at most 10 flexes a day to a recipient; further flexes are recorded, unpaid; one notification per sender', async () => {
      const activities: string[] = [];
      for (let i = 0; i < CAP + 2; i += 1) activities.push(`workout:${await workout(farmer, i)}`);
      for (const a of activities) await flex(puppet, a);
      expect(await flexXp(farmer)).toBe(5 * CAP);
      expect(await count(db(), 'select 1 from public.flexes where recipient_id = $1', [farmer])).toBe(
        CAP + 2,
      );
      expect(
        await count(
          db(),
          `select 1 from public.notifications where user_id = $1 and type = 'flex_received'`,
          [farmer],
        ),
        // One sender's flexes within 10 minutes are one notification (migration 20261207130000).
      ).toBe(1);
      // The cap is per recipient, not per sender: a second puppet adds nothing today.
      await flex(puppet2, activities[0]!);
      expect(await flexXp(farmer)).toBe(5 * CAP);
      // Another recipient is paid as usual by the same sender.
      await flex(puppet, `workout:${await workout(other, 0)}`);
      expect(await flexXp(other)).toBe(5);
    });

    it('pays once per sender and activity, and never for one’s own activity', async () => {
      const activity = `workout:${await workout(other, 1)}`;
      const before = await flexXp(other);
      await flex(puppet2, activity);
      await flex(puppet2, activity);
      expect(await flexXp(other)).toBe(before + 5);
      expect(
        await count(db(), 'select 1 from public.flexes where sender_id = $1 and activity_id = $2', [
          puppet2,
          activity,
        ]),
      ).toBe(1);
      await expectRefusal(() => flex(other, activity), 'SPL01', 'You cannot flex your own activity');
      expect(await flexXp(other)).toBe(before + 5);
    });

    it('a backfilled workout makes no activity, so a sock puppet has nothing to flex', async () => {
      const fresh = await createUserWith(ctx, 'backfill');
      await makeFriends(db(), fresh, puppet);
      const old = await workout(fresh, -10);
      expect(
        await count(db(), 'select 1 from public.activities where id = $1 and not _deleted', [
          `workout:${old}`,
        ]),
      ).toBe(0);
      await expectRefusal(() => flex(puppet, `workout:${old}`), 'SPL02', 'Activity not found');
      expect(await flexXp(fresh)).toBe(0);
      expect(
        (await one<{ xp: number }>(db(), 'select xp from public.profiles where id = $1', [fresh])).xp,
      ).toBe(0);
    });

    it('counts a rolling 24 hours, whatever the zone: paid 23 h 59 ago still fills it, 24 h 1 min ago not', async () => {
      // Two recipients far east of UTC, each with 10 paid flexes on the ledger: one 23 h 59 min ago, one
      // 24 h 1 min ago. Which local day each fell on plays no part.
      const zone = 'Pacific/Kiritimati';
      const full = await createUserWith(ctx, 'fulltoday', 'public', zone);
      const fresh = await createUserWith(ctx, 'yesterday', 'public', zone);
      for (const [user, ago] of [
        [full, '23 hours 59 minutes'],
        [fresh, '24 hours 1 minute'],
      ] as const) {
        await makeFriends(db(), user, puppet);
        await db().query(
          `insert into public.xp_events (user_id, source, source_id, amount, created_at)
           select $1, 'flex_received', 'seed:' || g, 5, now() - $2::interval
           from generate_series(1, ${CAP}) g`,
          [user, ago],
        );
      }
      await flex(puppet, `workout:${await workout(full, 0)}`);
      await flex(puppet, `workout:${await workout(fresh, 0)}`);
      expect(await flexXp(full)).toBe(5 * CAP);
      expect(await flexXp(fresh)).toBe(5 * CAP + 5);
    });
  });

  describe('workouts.joined_from', () => {
    let owner: string;
    let joiner: string;
    let stranger: string;
    let ownerWorkout: string;

    beforeAll(async () => {
      owner = await createUserWith(ctx, 'jowner');
      joiner = await createUserWith(ctx, 'joiner');
      stranger = await createUserWith(ctx, 'jstranger');
      await makeFriends(db(), owner, joiner);
      ownerWorkout = await workout(owner, 3);
    });

    const insertJoined = (who: string, joinedFrom: string) =>
      ctx.as(who, (tx) =>
        tx.query(
          `insert into public.workouts (id, user_id, type, date, joined_from)
           values ($1, $2, 'yoga', (now() at time zone 'UTC')::date + 3, $3)`,
          [clientId('w'), who, joinedFrom],
        ),
      );
    const pushJoined = async (who: string, joinedFrom: string) =>
      (
        await ctx.as(who, (tx) =>
          one<{ r: { rejected: { code: string; message: string }[] } }>(
            tx,
            'select public.push_workouts($1) as r',
            [
              JSON.stringify([
                {
                  newDocumentState: {
                    id: clientId('w'),
                    type: 'yoga',
                    date: dayFromToday(3),
                    joined_from: joinedFrom,
                  },
                  assumedMasterState: null,
                },
              ]),
            ],
          ),
        )
      ).r.rejected;

    it('refuses an existing and a missing workout with the same answer (no existence oracle)', async () => {
      const missing = 'no-such-workout-0001';
      for (const who of [joiner, stranger]) {
        await expectRefusal(() => insertJoined(who, ownerWorkout), 'SPW01', 'Workout not found');
        await expectRefusal(() => insertJoined(who, missing), 'SPW01', 'Workout not found');
        const existing = await pushJoined(who, ownerWorkout);
        const absent = await pushJoined(who, missing);
        expect(existing.map((r) => [r.code, r.message])).toEqual([['SPW01', 'Workout not found']]);
        expect(absent.map((r) => [r.code, r.message])).toEqual([['SPW01', 'Workout not found']]);
      }
      expect(await count(db(), 'select 1 from public.workouts where joined_from is not null')).toBe(0);
    });

    it('a pending or declined request is not enough', async () => {
      const declined = clientId('jr');
      await ctx.as(joiner, (tx) =>
        tx.query('select public.request_join_workout($1, $2)', [declined, ownerWorkout]),
      );
      await expectRefusal(() => insertJoined(joiner, ownerWorkout), 'SPW01', 'Workout not found');
      await ctx.as(owner, (tx) => tx.query('select public.respond_join_request($1, false)', [declined]));
      await expectRefusal(() => insertJoined(joiner, ownerWorkout), 'SPW01', 'Workout not found');
    });

    it('the accept path makes the copy, and the accepted user may name that workout', async () => {
      const request = clientId('jr');
      await ctx.as(joiner, (tx) =>
        tx.query('select public.request_join_workout($1, $2)', [request, ownerWorkout]),
      );
      await ctx.as(owner, (tx) => tx.query('select public.respond_join_request($1, true)', [request]));
      const copy = await one<{ user_id: string; joined_from: string }>(
        db(),
        'select user_id, joined_from from public.workouts where id = $1',
        [`join-${request}`],
      );
      expect(copy).toEqual({ user_id: joiner, joined_from: ownerWorkout });
      expect(
        await count(db(), `select 1 from public.activities where id = $1 and kind = 'workout_joined'`, [
          `workout:join-${request}`,
        ]),
      ).toBe(1);
      // Accepted: an insert naming it passes (a device that recreates the copy offline); others still fail.
      await insertJoined(joiner, ownerWorkout);
      await expectRefusal(() => insertJoined(stranger, ownerWorkout), 'SPW01', 'Workout not found');
    });
  });
});
