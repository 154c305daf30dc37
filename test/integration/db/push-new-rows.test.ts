// @clock-sensitive: streaks and days
// push_workouts writes a batch of all-new rows with one INSERT (supabase/migrations/
// 20261128010000_push_new_rows_at_once.sql) and hands any other batch to the per-row push_rows. These
// cases pin down that both paths answer and write what the per-row path always did: every effect of
// every row, defaults for keys a row does not carry, and per-row rejections and conflicts when one row
// of the batch cannot go in as new; and that a push whose new rows cover no day up to today, which skips
// the streak refresh (20261128011000_push_skips_unchanged_streaks.sql), leaves the streaks a refresh
// would give. Dates come from the database clock.
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';
import { clientId, count, createUserWith, one } from './helpers';

interface PushResult {
  conflicts: Array<Record<string, unknown>>;
  rejected: Array<{ id: string; code: string; message: string }>;
}

describeEachEngine('push_workouts: all-new batches and the rest', (ctx) => {
  const db = () => ctx.engine();
  const day = async (offset: number) =>
    (
      await one<{ d: string }>(db(), `select ((now() at time zone 'UTC')::date + $1::int)::text as d`, [
        offset,
      ])
    ).d;
  const push = (user: string, docs: unknown[]) =>
    ctx.as(
      user,
      async (tx) =>
        (
          await one<{ r: PushResult }>(tx, 'select public.push_workouts($1::jsonb) as r', [
            JSON.stringify(docs.map((d) => ({ newDocumentState: d, assumedMasterState: null }))),
          ])
        ).r,
    );
  const workout = (date: string, extra: Record<string, unknown> = {}) => ({
    id: clientId('w'),
    type: 'strength',
    title: 'leg day',
    date,
    _deleted: false,
    ...extra,
  });
  const stored = (ids: string[]) =>
    db()
      .query<{ id: string; user_id: string; title: string; _deleted: boolean; covers_day: boolean }>(
        'select id, user_id, title, _deleted, covers_day from public.workouts where id = any($1) order by id',
        [ids],
      )
      .then((r) => r.rows);

  it('writes every row of an all-new batch with its feed entry, XP and streak', async () => {
    const user = await createUserWith(ctx, 'pnr_all');
    const rows = [workout(await day(-1)), workout(await day(0)), workout(await day(400))];
    expect(await push(user, rows)).toEqual({ conflicts: [], rejected: [] });
    expect((await stored(rows.map((r) => r.id))).map((r) => [r.user_id, r.covers_day])).toEqual([
      [user, true],
      [user, true],
      [user, true],
    ]);
    expect(
      await count(db(), `select 1 from public.activities where id = any($1) and not _deleted`, [
        rows.map((r) => `workout:${r.id}`),
      ]),
    ).toBe(3);
    // XP for the two dates in the planning window (today - 2 to today + 90), not for the far one.
    expect(
      await count(db(), `select 1 from public.xp_events where user_id = $1 and source = 'workout_planned'`, [
        user,
      ]),
    ).toBe(2);
    expect(
      await one(db(), 'select current_streak, best_streak from public.profiles where id = $1', [user]),
    ).toEqual({ current_streak: 2, best_streak: 2 });
  });

  it('gives a key a row does not carry its default, whatever the other rows carry', async () => {
    const user = await createUserWith(ctx, 'pnr_keys');
    const withFlag = workout(await day(1));
    const { _deleted: _omitted, ...withoutFlag } = workout(await day(2));
    expect(await push(user, [withFlag, withoutFlag])).toEqual({ conflicts: [], rejected: [] });
    expect((await stored([withFlag.id, withoutFlag.id])).map((r) => r._deleted)).toEqual([false, false]);
  });

  it('rejects only the row that breaks a rule and writes the others once', async () => {
    const user = await createUserWith(ctx, 'pnr_bad');
    const good = [workout(await day(3)), workout(await day(4))];
    const bad = workout(await day(5), { id: 'short' });
    const result = await push(user, [good[0], bad, good[1]]);
    expect(result.conflicts).toEqual([]);
    expect(result.rejected).toEqual([expect.objectContaining({ id: 'short', code: '23514' })]);
    expect((await stored(good.map((r) => r.id))).length).toBe(2);
    expect(
      await count(db(), `select 1 from public.activities where user_id = $1 and kind = 'workout_planned'`, [
        user,
      ]),
    ).toBe(2);
  });

  it('handles a replayed row, a changed known row and a repeated id in one batch as push_rows does', async () => {
    const user = await createUserWith(ctx, 'pnr_mixed');
    const known = workout(await day(6));
    const replayed = workout(await day(7));
    expect(await push(user, [known, replayed])).toEqual({ conflicts: [], rejected: [] });

    const fresh = workout(await day(8));
    // Known with another title and no assumed state: a conflict carrying the server row.
    const result = await push(user, [replayed, fresh, { ...known, title: 'changed' }, fresh]);
    expect(result.rejected).toEqual([]);
    expect(result.conflicts).toEqual([expect.objectContaining({ id: known.id, title: 'leg day' })]);
    expect((await stored([fresh.id, known.id])).map((r) => r.title)).toEqual(
      [fresh, known].sort((a, b) => a.id.localeCompare(b.id)).map(() => 'leg day'),
    );
  });

  it("refuses an id another user already has, and writes the batch's other rows", async () => {
    const owner = await createUserWith(ctx, 'pnr_owner', 'private');
    const other = await createUserWith(ctx, 'pnr_other');
    const taken = workout(await day(9));
    expect(await push(owner, [taken])).toEqual({ conflicts: [], rejected: [] });

    const mine = workout(await day(10));
    const result = await push(other, [mine, { ...taken, title: 'mine now' }]);
    expect(result.rejected).toEqual([expect.objectContaining({ id: taken.id, code: 'SPX01' })]);
    expect((await stored([mine.id, taken.id])).map((r) => [r.id, r.user_id, r.title])).toEqual(
      [
        [mine.id, other, 'leg day'],
        [taken.id, owner, 'leg day'],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
  });

  const streaks = async (user: string) =>
    one<{ current_streak: number; best_streak: number }>(
      db(),
      'select current_streak, best_streak from public.profiles where id = $1',
      [user],
    );

  it('keeps the streaks when the new rows cover only later days, and refreshes for a row today', async () => {
    const user = await createUserWith(ctx, 'pnr_later');
    expect(await push(user, [workout(await day(-1))])).toEqual({ conflicts: [], rejected: [] });
    expect(await streaks(user)).toEqual({ current_streak: 1, best_streak: 1 });
    await push(user, [
      workout(await day(1)),
      workout(await day(30)),
      workout(await day(0), { _deleted: true }),
    ]);
    expect(await streaks(user)).toEqual({ current_streak: 1, best_streak: 1 });
    await push(user, [workout(await day(2)), workout(await day(0))]);
    expect(await streaks(user)).toEqual({ current_streak: 2, best_streak: 2 });
  });

  it('refreshes after a day has passed since the streak was last judged, whatever the rows cover', async () => {
    const user = await createUserWith(ctx, 'pnr_stale');
    await push(user, [workout(await day(-2)), workout(await day(-1))]);
    expect(await streaks(user)).toEqual({ current_streak: 2, best_streak: 2 });
    // As if the last judgment was three days ago, when the run was longer than the days still covered.
    await db().query(
      `update private.streak_state set judged_day = (now() at time zone 'UTC')::date - 3 where user_id = $1`,
      [user],
    );
    await db().query('update public.profiles set current_streak = 5, best_streak = 5 where id = $1', [user]);
    await push(user, [workout(await day(20))]);
    expect(await streaks(user)).toEqual({ current_streak: 2, best_streak: 5 });
  });
});
