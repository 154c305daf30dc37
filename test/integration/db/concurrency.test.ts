// @clock-sensitive: current_date in the writes it races
// A service-worker replay and a sync-worker retry can arrive at the same moment. Each intent fired
// twice concurrently (two transactions; on PostgreSQL 15 two connections) applies once: one row, one
// award, and neither call fails.
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';
import { clientId, count, createUserWith, makeFriends, one } from './helpers';

describeEachEngine('concurrent replays', (ctx) => {
  let a: string;
  let b: string;

  beforeAll(async () => {
    a = await createUserWith(ctx, 'cona');
    b = await createUserWith(ctx, 'conb');
    await makeFriends(ctx.engine(), a, b);
  });

  const twice = <T>(who: string, sql: string, params: unknown[]) =>
    Promise.all([0, 1].map(() => ctx.as(who, async (tx) => (await tx.query<T>(sql, params)).rows)));
  const xpOf = async (who: string) =>
    (await one<{ xp: number }>(ctx.engine(), 'select xp from public.profiles where id = $1', [who])).xp;

  it('check_in, confirm_rest_day and complete_daily_challenge', async () => {
    const id = clientId('ci');
    await twice(a, 'select * from public.check_in($1, $2)', [id, 'it-roma-getfit-prati']);
    expect(await count(ctx.engine(), 'select 1 from public.check_ins where user_id = $1', [a])).toBe(1);

    await twice(a, 'select * from public.confirm_rest_day()', []);
    expect(await count(ctx.engine(), 'select 1 from public.rest_days where user_id = $1', [a])).toBe(1);
    expect(await xpOf(a)).toBe(10);

    const challenge = await one<{ challenge_id: string; points: number }>(
      ctx.engine(),
      'select * from public.get_daily_challenge(null)',
    );
    const results = await twice<{ r: { already_completed: boolean } }>(
      a,
      'select public.complete_daily_challenge($1) as r',
      [challenge.challenge_id],
    );
    expect(results.map((r) => r[0]?.r.already_completed).sort()).toEqual([false, true]);
    expect(await xpOf(a)).toBe(10 + challenge.points);
  });

  it('flex_activity, request_join_workout and push_workouts', async () => {
    const w = clientId('w');
    await ctx
      .engine()
      .query(
        `insert into public.workouts (id, user_id, type, date) values ($1, $2, 'cardio', current_date + 4)`,
        [w, a],
      );
    const xpBefore = await xpOf(a);
    const flexId = clientId('fx');
    await twice(b, 'select * from public.flex_activity($1, $2)', [flexId, `workout:${w}`]);
    expect(await count(ctx.engine(), 'select 1 from public.flexes where sender_id = $1', [b])).toBe(1);
    expect(await xpOf(a)).toBe(xpBefore + 5);

    const joinId = clientId('jr');
    const joins = await twice<{ r: { id: string; status: string } }>(
      b,
      'select public.request_join_workout($1, $2) as r',
      [joinId, w],
    );
    expect(joins.map((r) => r[0]?.r)).toEqual([
      { id: joinId, status: 'pending', copy_workout_id: null },
      { id: joinId, status: 'pending', copy_workout_id: null },
    ]);

    const day = (
      await one<{ d: string }>(ctx.engine(), `select ((now() at time zone 'UTC')::date + 5)::text as d`)
    ).d;
    const doc = {
      id: clientId('w'),
      user_id: b,
      type: 'yoga',
      date: day,
      created_at: '2026-01-01T00:00:00Z',
      _deleted: false,
    };
    const pushes = await twice<{ r: unknown }>(b, 'select public.push_workouts($1::jsonb) as r', [
      JSON.stringify([{ newDocumentState: doc, assumedMasterState: null }]),
    ]);
    expect(pushes.map((r) => r[0]?.r)).toEqual([
      { conflicts: [], rejected: [] },
      { conflicts: [], rejected: [] },
    ]);
    expect(
      await count(ctx.engine(), `select 1 from public.xp_events where user_id = $1 and source_id = $2`, [
        b,
        `${b}:${day}`,
      ]),
    ).toBe(1);
  });
});
