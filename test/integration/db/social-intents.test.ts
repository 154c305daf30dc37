// @clock-sensitive: current_date in its rows
// Flexes and joining a friend's workout: success paths, refusals, XP and notifications.
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';
import { clientId, count, createUserWith, expectRefusal, makeFriends, one } from './helpers';

describeEachEngine('flexes and workout joins', (ctx) => {
  let owner: string;
  let friend: string;
  let stranger: string;
  let ownerWorkout: string;
  let ownerActivity: string;

  beforeAll(async () => {
    const db = ctx.engine();
    owner = await createUserWith(ctx, 'owner');
    friend = await createUserWith(ctx, 'friend');
    stranger = await createUserWith(ctx, 'stranger');
    await makeFriends(db, owner, friend);
    ownerWorkout = clientId('w');
    await db.query(
      `insert into public.workouts (id, user_id, type, date, time) values ($1, $2, 'hiit', current_date + 2, '07:30')`,
      [ownerWorkout, owner],
    );
    ownerActivity = `workout:${ownerWorkout}`;
  });

  const flex = (who: string, id: string, activity: string) =>
    ctx.as(who, (tx) =>
      one<{ id: string; recipient_id: string }>(tx, 'select * from public.flex_activity($1, $2)', [
        id,
        activity,
      ]),
    );
  const xp = async (who: string) =>
    (await one<{ xp: number }>(ctx.engine(), 'select xp from public.profiles where id = $1', [who])).xp;

  describe('flex_activity', () => {
    it('gives the recipient +5 XP and a flex_received notification, once per sender and activity', async () => {
      const before = await xp(owner);
      const id = clientId('fx');
      const row = await flex(friend, id, ownerActivity);
      expect(row.recipient_id).toBe(owner);
      expect(await xp(owner)).toBe(before + 5);
      // Same id again (a replay) and a new id for the same activity (a double tap): one flex, one award.
      expect((await flex(friend, id, ownerActivity)).id).toBe(id);
      expect((await flex(friend, clientId('fx'), ownerActivity)).id).toBe(id);
      expect(await xp(owner)).toBe(before + 5);
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.notifications where user_id = $1 and type = 'flex_received' and actor_id = $2`,
          [owner, friend],
        ),
      ).toBe(1);
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.user_achievements where user_id = $1 and achievement_id = 'first_flex'`,
          [friend],
        ),
      ).toBe(1);
    });

    it('refuses flexing your own activity, an invisible one, and a non-friend’s', async () => {
      await expectRefusal(
        () => flex(owner, clientId('fx'), ownerActivity),
        'SPL01',
        'You cannot flex your own activity',
      );
      await expectRefusal(() => flex(stranger, clientId('fx'), ownerActivity), 'SPL03');
      await ctx.engine().query(`update public.profiles set visibility = 'private' where id = $1`, [stranger]);
      const hidden = clientId('w');
      await ctx
        .engine()
        .query(
          `insert into public.workouts (id, user_id, type, date) values ($1, $2, 'yoga', current_date)`,
          [hidden, stranger],
        );
      await expectRefusal(
        () => flex(friend, clientId('fx'), `workout:${hidden}`),
        'SPL02',
        'Activity not found',
      );
      await ctx.engine().query(`update public.profiles set visibility = 'public' where id = $1`, [stranger]);
    });
  });

  describe('request_join_workout and respond_join_request', () => {
    const request = (who: string, id: string, workout: string, replace: string | null = null) =>
      ctx
        .as(who, (tx) =>
          one<{ r: Record<string, unknown> }>(tx, 'select public.request_join_workout($1, $2, $3) as r', [
            id,
            workout,
            replace,
          ]),
        )
        .then((x) => x.r);
    const respond = (who: string, id: string, accept: boolean) =>
      ctx
        .as(who, (tx) =>
          one<{ r: Record<string, unknown> }>(tx, 'select public.respond_join_request($1, $2) as r', [
            id,
            accept,
          ]),
        )
        .then((x) => x.r);

    it('reports a time clash instead of requesting, then requests with a replacement', async () => {
      const mine = clientId('w');
      await ctx
        .engine()
        .query(
          `insert into public.workouts (id, user_id, type, date, time) values ($1, $2, 'yoga', current_date + 2, '07:30')`,
          [mine, friend],
        );
      const id = clientId('jr');
      expect(await request(friend, id, ownerWorkout)).toEqual({ status: 'clash', clash_workout_id: mine });
      expect(
        await count(ctx.engine(), 'select 1 from public.workout_join_requests where id = $1', [id]),
      ).toBe(0);
      expect(await request(friend, id, ownerWorkout, mine)).toEqual({
        id,
        status: 'pending',
        copy_workout_id: null,
      });
      expect(await request(friend, id, ownerWorkout, mine)).toEqual({
        id,
        status: 'pending',
        copy_workout_id: null,
      });
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.notifications where user_id = $1 and type = 'workout_join_request_received' and join_request_id = $2`,
          [owner, id],
        ),
      ).toBe(1);

      // Only the owner responds.
      await expectRefusal(() => respond(friend, id, true), 'SPW02');
      const accepted = await respond(owner, id, true);
      expect(accepted).toEqual({ id, status: 'accepted', copy_workout_id: `join-${id}` });
      expect(await respond(owner, id, true)).toEqual(accepted);
      await expectRefusal(() => respond(owner, id, false), 'SPW05');

      const copy = await one<{ user_id: string; joined_from: string; date: string; time: string }>(
        ctx.engine(),
        'select user_id, joined_from, date::text as date, time::text as time from public.workouts where id = $1',
        [`join-${id}`],
      );
      expect(copy.user_id).toBe(friend);
      expect(copy.joined_from).toBe(ownerWorkout);
      expect(copy.time).toBe('07:30:00');
      expect(
        await count(ctx.engine(), 'select 1 from public.workouts where id = $1 and _deleted', [mine]),
      ).toBe(1);
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.notifications where user_id = $1 and type = 'workout_join_request_accepted'`,
          [friend],
        ),
      ).toBe(1);
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.notifications where user_id = $1 and type = 'workout_joined' and actor_id = $2`,
          [owner, friend],
        ),
      ).toBe(1);
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.activities where user_id = $1 and kind = 'workout_joined'`,
          [friend],
        ),
      ).toBe(1);
    });

    it('declines', async () => {
      const w = clientId('w');
      await ctx
        .engine()
        .query(
          `insert into public.workouts (id, user_id, type, date) values ($1, $2, 'pilates', current_date + 9)`,
          [w, owner],
        );
      const id = clientId('jr');
      await request(friend, id, w);
      expect(await respond(owner, id, false)).toEqual({ id, status: 'declined', copy_workout_id: null });
      expect(await count(ctx.engine(), 'select 1 from public.workouts where joined_from = $1', [w])).toBe(0);
    });

    it('refuses joining your own workout, a stranger’s workout, and an unknown request', async () => {
      await expectRefusal(
        () => request(owner, clientId('jr'), ownerWorkout),
        'SPW03',
        'You cannot join your own workout',
      );
      await expectRefusal(
        () => request(stranger, clientId('jr'), ownerWorkout),
        'SPW01',
        'Workout not found',
      );
      await expectRefusal(() => respond(owner, 'no-such-request', true), 'SPW04', 'Join request not found');
    });
  });
});
