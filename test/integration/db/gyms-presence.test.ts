// @clock-sensitive: check-in times against now()
// Check-in/out (idempotent by client id), "present now", friends at a gym, and home gyms (max 3).
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';
import { clientId, count, createUserWith, expectRefusal, makeFriends, one } from './helpers';

const GYM = 'de-muenchen-mcfit-sendling';
const OTHER_GYM = 'de-muenchen-johnreed-maxvorstadt';

describeEachEngine('gyms and presence', (ctx) => {
  let me: string;
  let friend: string;
  let privateFriend: string;
  let stranger: string;

  beforeAll(async () => {
    me = await createUserWith(ctx, 'me');
    friend = await createUserWith(ctx, 'friend', 'friends');
    privateFriend = await createUserWith(ctx, 'privfriend', 'private');
    stranger = await createUserWith(ctx, 'stranger');
    await makeFriends(ctx.engine(), me, friend);
    await makeFriends(ctx.engine(), me, privateFriend);
  });

  const checkIn = (who: string, id: string, gym: string, at: string | null = null) =>
    ctx.as(who, (tx) =>
      one<{ id: string; checked_in_at: string; checked_out_at: string | null; user_id: string }>(
        tx,
        'select * from public.check_in($1, $2, $3)',
        [id, gym, at],
      ),
    );

  describe('check_in and check_out', () => {
    it('checks in once per client id, closes the previous open check-in, unlocks first_check_in', async () => {
      const first = clientId('ci');
      const a = await checkIn(friend, first, OTHER_GYM);
      const replay = await checkIn(friend, first, OTHER_GYM);
      expect(replay.id).toBe(a.id);
      expect(await count(ctx.engine(), 'select 1 from public.check_ins where user_id = $1', [friend])).toBe(
        1,
      );
      const second = clientId('ci');
      await checkIn(friend, second, GYM);
      const closed = await one<{ checked_out_at: string | null }>(
        ctx.engine(),
        'select checked_out_at from public.check_ins where id = $1',
        [first],
      );
      expect(closed.checked_out_at).not.toBeNull();
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.activities where kind = 'check_in' and user_id = $1`,
          [friend],
        ),
      ).toBe(2);
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.user_achievements where user_id = $1 and achievement_id = 'first_check_in'`,
          [friend],
        ),
      ).toBe(1);
    });

    it('refuses an unknown or unverified gym and another user’s id', async () => {
      await expectRefusal(() => checkIn(me, clientId('ci'), 'xx-nowhere-gym'), 'SPG01', 'Gym not found');
      await ctx.engine()
        .query(`insert into public.gyms (id, name, address, city, country, latitude, longitude, verified)
                                values ('de-unverified-gym', 'Unverified', 'x', 'Berlin', 'DE', 52.5, 13.4, false)`);
      await expectRefusal(() => checkIn(me, clientId('ci'), 'de-unverified-gym'), 'SPG01', 'Gym not found');
      const taken = clientId('ci');
      await checkIn(stranger, taken, GYM);
      await expectRefusal(() => checkIn(me, taken, GYM), 'SPX01', 'Id already used');
    });

    it('keeps a past check-in time for an offline replay, but never a future one', async () => {
      const past = await checkIn(
        stranger,
        clientId('ci'),
        OTHER_GYM,
        new Date(Date.now() - 3600_000).toISOString(),
      );
      expect(new Date(past.checked_in_at).getTime()).toBeLessThan(Date.now() - 3000_000);
      const future = await checkIn(
        stranger,
        clientId('ci'),
        OTHER_GYM,
        new Date(Date.now() + 86400_000).toISOString(),
      );
      expect(new Date(future.checked_in_at).getTime()).toBeLessThanOrEqual(Date.now() + 5000);
      await expectRefusal(
        () =>
          checkIn(stranger, clientId('ci'), OTHER_GYM, new Date(Date.now() - 8 * 86400_000).toISOString()),
        'SPV01',
      );
    });

    it('checks out the open check-in; checking out again keeps the first time', async () => {
      const id = clientId('ci');
      await checkIn(me, id, OTHER_GYM);
      const out1 = await ctx.as(me, (tx) =>
        one<{ checked_out_at: string }>(tx, 'select * from public.check_out()'),
      );
      expect(out1.checked_out_at).not.toBeNull();
      const out2 = await ctx.as(me, (tx) =>
        one<{ checked_out_at: string }>(tx, 'select * from public.check_out($1)', [id]),
      );
      expect(new Date(out2.checked_out_at).getTime()).toBe(new Date(out1.checked_out_at).getTime());
      await expectRefusal(
        () => ctx.as(stranger, (tx) => tx.query('select * from public.check_out($1)', [id])),
        'SPG03',
      );
    });
  });

  describe('get_friends_at_gym', () => {
    it('lists friends present now (last 3 hours, not checked out), never strangers or private friends', async () => {
      await checkIn(privateFriend, clientId('ci'), GYM);
      await checkIn(stranger, clientId('ci'), GYM);
      // A friend who checked in 4 hours ago is no longer "present".
      const stale = await createUserWith(ctx, 'stale');
      await makeFriends(ctx.engine(), me, stale);
      await ctx
        .engine()
        .query(
          `insert into public.check_ins (id, user_id, gym_id, checked_in_at) values ($1, $2, $3, now() - interval '4 hours')`,
          [clientId('ci'), stale, GYM],
        );
      const rows = await ctx.as(
        me,
        async (tx) =>
          (
            await tx.query<{ user_id: string; last_active_at: string }>(
              'select * from public.get_friends_at_gym($1)',
              [GYM],
            )
          ).rows,
      );
      expect(rows.map((r) => r.user_id)).toEqual([friend]);
      expect(rows[0]?.last_active_at).toBeTruthy();
      // The friend checks out: gone.
      await ctx.as(friend, (tx) => tx.query('select public.check_out()'));
      const after = await ctx.as(
        me,
        async (tx) => (await tx.query('select * from public.get_friends_at_gym($1)', [GYM])).rows,
      );
      expect(after).toEqual([]);
    });
  });

  describe('set_home_gyms', () => {
    const setHome = (who: string, ids: string[]) =>
      ctx.as(
        who,
        async (tx) =>
          (
            await tx.query<{ gym_id: string; position: number }>('select * from public.set_home_gyms($1)', [
              ids,
            ])
          ).rows,
      );

    it('sets up to 3 in order, reorders, and writes nothing when unchanged', async () => {
      const three = [
        'de-berlin-mcfit-alexanderplatz',
        'de-berlin-johnreed-mitte',
        'de-berlin-fitx-kreuzberg',
      ];
      expect((await setHome(me, three)).map((r) => r.gym_id)).toEqual(three);
      const before = await one<{ m: string }>(
        ctx.engine(),
        'select max(_modified)::text as m from public.home_gyms where user_id = $1',
        [me],
      );
      expect((await setHome(me, three)).map((r) => r.gym_id)).toEqual(three);
      const after = await one<{ m: string }>(
        ctx.engine(),
        'select max(_modified)::text as m from public.home_gyms where user_id = $1',
        [me],
      );
      expect(after.m).toBe(before.m);
      const reordered = [three[2], three[0]] as string[];
      const rows = await setHome(me, reordered);
      expect(rows.map((r) => [r.gym_id, r.position])).toEqual([
        [three[2], 1],
        [three[0], 2],
      ]);
    });

    it('refuses a fourth gym (RPC and direct insert) and unknown gyms', async () => {
      await expectRefusal(
        () =>
          setHome(me, [
            'de-berlin-mcfit-alexanderplatz',
            'de-berlin-johnreed-mitte',
            'de-berlin-fitx-kreuzberg',
            GYM,
          ]),
        'SPG02',
        'You can choose at most 3 home gyms',
      );
      await setHome(stranger, [
        'de-berlin-mcfit-alexanderplatz',
        'de-berlin-johnreed-mitte',
        'de-berlin-fitx-kreuzberg',
      ]);
      await expectRefusal(
        () =>
          ctx.as(stranger, (tx) =>
            tx.query(
              `insert into public.home_gyms (id, user_id, gym_id, position) values ($1::text || ':' || $2, $1::uuid, $2, 3)`,
              [stranger, GYM],
            ),
          ),
        'SPG02',
      );
      await expectRefusal(() => setHome(me, ['xx-nowhere-gym']), 'SPG01', 'Gym not found');
    });
  });
});
