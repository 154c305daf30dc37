// @clock-sensitive: workout days against now()
// Joining a friend's workout is closed for past workouts and answers Joined for one already joined
// (migration 20261126150000_join_closed_rules.sql), on PGlite and PostgreSQL 15:
// - a workout dated before today in its owner's zone: 'Workout is over' (SPW06); today's is open;
// - a replay of a request made in time (same client id) still answers the stored row;
// - once accepted, a new request answers the accepted one (no second request, no second copy).
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';
import { clientId, count, createUserWith, expectRefusal, makeFriends } from './helpers';

describeEachEngine('join: closed rules', (ctx) => {
  const db = () => ctx.engine();
  let owner: string;
  let joiner: string;
  // The owner far east of UTC, so their day differs from UTC's for half of every day.
  const ZONE = 'Pacific/Kiritimati';

  beforeAll(async () => {
    owner = await createUserWith(ctx, 'closedowner', 'public', ZONE);
    joiner = await createUserWith(ctx, 'closedjoiner');
    await makeFriends(db(), owner, joiner);
  });

  /** A workout of the owner `offset` days from today in the owner's zone (dated by the database's clock). */
  const workout = async (offset: number): Promise<string> => {
    const id = clientId('w');
    await db().query(
      `insert into public.workouts (id, user_id, type, date, time)
       values ($1, $2, 'yoga', (now() at time zone $3)::date + $4::int, '08:00')`,
      [id, owner, ZONE, offset],
    );
    return id;
  };
  const request = (id: string, workoutId: string) =>
    ctx.as(joiner, (tx) =>
      tx.query<{ r: { id: string; status: string } }>('select public.request_join_workout($1, $2) as r', [
        id,
        workoutId,
      ]),
    );

  it('a past workout is over; today’s is open', async () => {
    const past = await workout(-1);
    await expectRefusal(() => request(clientId('jr'), past), 'SPW06', 'Workout is over');
    const todays = await workout(0);
    const made = await request(clientId('jr'), todays);
    expect(made.rows[0]!.r.status).toBe('pending');
  });

  it('a replay of a request made in time answers the stored row after the day passed', async () => {
    const w = await workout(0);
    const id = clientId('jr');
    await request(id, w);
    // The day passes for the owner (their workout moves into the past).
    await db().query(`update public.workouts set date = date - 1 where id = $1`, [w]);
    const replay = await request(id, w);
    expect(replay.rows[0]!.r).toMatchObject({ id, status: 'pending' });
    await expectRefusal(() => request(clientId('jr'), w), 'SPW06', 'Workout is over');
  });

  it('a workout already joined answers the accepted request: no second request or copy', async () => {
    const w = await workout(1);
    const first = clientId('jr');
    await request(first, w);
    await ctx.as(owner, (tx) => tx.query('select public.respond_join_request($1, true)', [first]));
    const again = await request(clientId('jr'), w);
    expect(again.rows[0]!.r).toMatchObject({ id: first, status: 'accepted' });
    expect(await count(db(), 'select 1 from public.workout_join_requests where workout_id = $1', [w])).toBe(
      1,
    );
    expect(await count(db(), 'select 1 from public.workouts where joined_from = $1', [w])).toBe(1);
  });
});
