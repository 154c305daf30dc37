// @clock-sensitive: reminders due by the clock in zones
// Workout reminders in SQL (migration 20261122100000): private.create_due_workout_reminders(p_now)
// makes one `workout_reminder` notification per due reminder, in the owner's time zone, and nothing
// when run again; only the scheduler (service_role, the database owner) may run it.
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';
import { clientId, count, createUserWith, sqlState } from '../db/helpers';

describeEachEngine('workout reminders', (ctx) => {
  const run = async (now: string) =>
    Number(
      (
        await ctx
          .engine()
          .query<{ n: number }>('select private.create_due_workout_reminders($1::timestamptz) as n', [now])
      ).rows[0]?.n,
    );
  const reminders = (user: string) =>
    count(
      ctx.engine(),
      `select 1 from public.notifications where user_id = $1 and type = 'workout_reminder'`,
      [user],
    );
  const addWorkout = async (user: string, date: string, time: string | null, reminderMin: number | null) => {
    const id = clientId('w');
    await ctx
      .engine()
      .query(
        `insert into public.workouts (id, user_id, type, date, time, reminder_min) values ($1, $2, 'strength', $3, $4, $5)`,
        [id, user, date, time, reminderMin],
      );
    return id;
  };

  it('a due reminder makes exactly one notification, even when run twice', async () => {
    const user = await createUserWith(ctx, `rem${Date.now() % 100000}`, 'public', 'Europe/Berlin');
    // 18:00 in Berlin on 1 December is 17:00 UTC; 30 minutes before is 16:30 UTC.
    const workout = await addWorkout(user, '2026-12-01', '18:00', 30);

    expect(await run('2026-12-01T16:29:00Z')).toBe(0);
    expect(await reminders(user)).toBe(0);

    expect(await run('2026-12-01T16:30:00Z')).toBe(1);
    expect(await run('2026-12-01T16:30:30Z')).toBe(0);
    expect(await run('2026-12-01T16:45:00Z')).toBe(0);
    expect(await reminders(user)).toBe(1);
    const row = (
      await ctx
        .engine()
        .query<{ id: string; workout_id: string; is_read: boolean; actor_id: string | null }>(
          `select id, workout_id, is_read, actor_id from public.notifications where user_id = $1 and type = 'workout_reminder'`,
          [user],
        )
    ).rows[0];
    expect(row).toEqual({
      id: `workout_reminder:${workout}:2026-12-01T18:00`,
      workout_id: workout,
      is_read: false,
      actor_id: null,
    });
  });

  it('two schedulers at once still make one notification', async () => {
    const user = await createUserWith(ctx, `rc${Date.now() % 100000}`);
    await addWorkout(user, '2026-12-02', '07:00', 0);
    const made = await Promise.all([run('2026-12-02T07:01:00Z'), run('2026-12-02T07:01:00Z')]);
    expect(made.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await reminders(user)).toBe(1);
  });

  it('moving the workout reminds again; deleted, reminder-less and long-past workouts are not reminded', async () => {
    const user = await createUserWith(ctx, `rm${Date.now() % 100000}`);
    const moved = await addWorkout(user, '2026-12-03', '10:00', 60);
    expect(await run('2026-12-03T09:00:00Z')).toBe(1);
    await ctx.engine().query(`update public.workouts set time = '12:00' where id = $1`, [moved]);
    expect(await run('2026-12-03T11:00:00Z')).toBe(1);
    expect(await reminders(user)).toBe(2);

    const deleted = await addWorkout(user, '2026-12-04', '10:00', 10);
    await ctx.engine().query('update public.workouts set _deleted = true where id = $1', [deleted]);
    await addWorkout(user, '2026-12-04', '10:00', null);
    // Started 16 minutes ago: too late to remind.
    await addWorkout(user, '2026-12-04', '09:44', 5);
    expect(await run('2026-12-04T10:00:00Z')).toBe(0);
    expect(await reminders(user)).toBe(2);
  });

  it('a workout without a time counts as starting at 09:00 in the owner zone', async () => {
    const user = await createUserWith(ctx, `ru${Date.now() % 100000}`, 'public', 'America/New_York');
    // 09:00 in New York on 5 December is 14:00 UTC; 120 minutes before is 12:00 UTC.
    const workout = await addWorkout(user, '2026-12-05', null, 120);
    expect(await run('2026-12-05T11:59:00Z')).toBe(0);
    expect(await run('2026-12-05T12:00:00Z')).toBe(1);
    expect(
      await count(ctx.engine(), 'select 1 from public.notifications where id = $1', [
        `workout_reminder:${workout}:2026-12-05T09:00`,
      ]),
    ).toBe(1);
  });

  it('clients cannot run the scheduler', async () => {
    const user = await createUserWith(ctx, `rx${Date.now() % 100000}`);
    for (const who of [user, 'anon']) {
      expect(
        await sqlState(() => ctx.as(who, (tx) => tx.query('select private.create_due_workout_reminders()'))),
      ).toBe('42501');
    }
  });
});
