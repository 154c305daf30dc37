// @clock-sensitive: streaks by day in zones
// The streak rules of issue 13 on the server (supabase/migrations/20261126100000_streak_rules.sql):
// no backfilling (the security review's attack), best_streak as a record, and changes of zone west and
// east that keep the streak. Every date comes from the database clock in the user's zone, so the suite
// passes on any day and under a shifted clock.
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../../supabase/emulator/src/db/engine';
import { describeEachEngine } from '../../support/engines';
import { clientId, count, createUserWith, expectRefusal, one, sqlState } from './helpers';

interface PushResult {
  conflicts: Array<Record<string, unknown>>;
  rejected: Array<{ id: string; code: string; message: string }>;
}

/** Today in `zone` plus `offset` days, from the database clock. */
async function dayIn(db: Queryable, zone: string, offset = 0): Promise<string> {
  return (
    await one<{ d: string }>(db, `select ((now() at time zone $1)::date + $2::int)::text as d`, [
      zone,
      offset,
    ])
  ).d;
}

describeEachEngine('streak rules', (ctx) => {
  const db = () => ctx.engine();
  const workout = (user: string, date: string, extra: Record<string, unknown> = {}) => ({
    id: clientId('w'),
    user_id: user,
    type: 'strength',
    date,
    created_at: new Date().toISOString(),
    _deleted: false,
    ...extra,
  });
  const push = (user: string, rows: Array<{ newDocumentState: unknown; assumedMasterState: unknown }>) =>
    ctx.as(
      user,
      async (tx) =>
        (
          await one<{ r: PushResult }>(tx, 'select public.push_workouts($1::jsonb) as r', [
            JSON.stringify(rows),
          ])
        ).r,
    );
  const insertAll = (user: string, rows: unknown[]) =>
    push(
      user,
      rows.map((r) => ({ newDocumentState: r, assumedMasterState: null })),
    );
  const streaks = async (user: string) => {
    const p = await one<{ current_streak: number; best_streak: number }>(
      db(),
      'select current_streak, best_streak from public.profiles where id = $1',
      [user],
    );
    return [p.current_streak, p.best_streak];
  };
  const setZone = (user: string, zone: string) =>
    ctx.as(user, (tx) => tx.query('update public.profiles set timezone = $2 where id = $1', [user, zone]));
  const confirmRestDay = (user: string) =>
    ctx.as(user, (tx) => one<{ id: string }>(tx, 'select id from public.confirm_rest_day()'));

  describe('no backfilling', () => {
    it('ten workouts dated in the past give no streak, no XP, no activity and no achievement', async () => {
      const user = await createUserWith(ctx, 'backfiller', 'public', 'Europe/Berlin');
      const rows = [];
      for (let back = 3; back <= 12; back++) {
        rows.push(workout(user, await dayIn(db(), 'Europe/Berlin', -back)));
      }
      expect(await insertAll(user, rows)).toEqual({ conflicts: [], rejected: [] });
      // Kept as plain history.
      expect(
        await count(db(), 'select 1 from public.workouts where user_id = $1 and not covers_day', [user]),
      ).toBe(10);
      expect(await streaks(user)).toEqual([0, 0]);
      expect(await count(db(), 'select 1 from public.xp_events where user_id = $1', [user])).toBe(0);
      expect(await count(db(), 'select 1 from public.activities where user_id = $1', [user])).toBe(0);
      expect(await count(db(), 'select 1 from public.user_achievements where user_id = $1', [user])).toBe(0);
      expect(await one<{ xp: number }>(db(), 'select xp from public.profiles where id = $1', [user])).toEqual(
        { xp: 0 },
      );

      // A late offline replay (two days back) still counts, and does not join the backfilled days.
      await insertAll(user, [
        workout(user, await dayIn(db(), 'Europe/Berlin', -2)),
        workout(user, await dayIn(db(), 'Europe/Berlin', -1)),
      ]);
      expect(await streaks(user)).toEqual([2, 2]);
      expect(await count(db(), `select 1 from public.xp_events where user_id = $1`, [user])).toBe(2);
      expect(
        await count(db(), `select 1 from public.activities where user_id = $1 and kind = 'workout_planned'`, [
          user,
        ]),
      ).toBe(2);
    });

    it('the client cannot write covers_day, and moving or undeleting into the past uncovers', async () => {
      const user = await createUserWith(ctx, 'mover', 'public', 'UTC');
      // No privilege on the column, directly or through an update.
      expect(
        await sqlState(() =>
          ctx.as(user, (tx) =>
            tx.query(
              `insert into public.workouts (id, user_id, type, date, covers_day)
               values ($1, $2, 'yoga', (now() at time zone 'UTC')::date - 9, true)`,
              [clientId('w'), user],
            ),
          ),
        ),
      ).toBe('42501');
      // push_workouts ignores the field.
      const forged = workout(user, await dayIn(db(), 'UTC', -9), { covers_day: true });
      await insertAll(user, [forged]);
      expect(
        await one<{ covers_day: boolean }>(db(), 'select covers_day from public.workouts where id = $1', [
          forged.id,
        ]),
      ).toEqual({ covers_day: false });
      expect(
        await sqlState(() =>
          ctx.as(user, (tx) =>
            tx.query('update public.workouts set covers_day = true where id = $1', [forged.id]),
          ),
        ),
      ).toBe('42501');

      // Today covers; moved ten days back it covers nothing and its feed entry goes.
      const row = workout(user, await dayIn(db(), 'UTC'));
      await insertAll(user, [row]);
      expect(await streaks(user)).toEqual([1, 1]);
      const moved = { ...row, date: await dayIn(db(), 'UTC', -10) };
      expect(await push(user, [{ newDocumentState: moved, assumedMasterState: row }])).toEqual({
        conflicts: [],
        rejected: [],
      });
      expect(await streaks(user)).toEqual([0, 1]);
      expect(
        await count(db(), 'select 1 from public.activities where id = $1 and not _deleted', [
          `workout:${row.id}`,
        ]),
      ).toBe(0);
      // An edit that keeps the date keeps the judgment.
      await push(user, [{ newDocumentState: { ...moved, title: 'Old' }, assumedMasterState: moved }]);
      expect(
        await one<{ covers_day: boolean }>(db(), 'select covers_day from public.workouts where id = $1', [
          row.id,
        ]),
      ).toEqual({ covers_day: false });

      // A workout deleted long ago (written by the server, covering) is judged again when undeleted.
      const old = clientId('w');
      await db().query(
        `insert into public.workouts (id, user_id, type, date, _deleted)
         values ($1, $2, 'yoga', (now() at time zone 'UTC')::date - 20, true)`,
        [old, user],
      );
      await ctx.as(user, (tx) =>
        tx.query('update public.workouts set _deleted = false where id = $1', [old]),
      );
      expect(
        await one<{ covers_day: boolean }>(db(), 'select covers_day from public.workouts where id = $1', [
          old,
        ]),
      ).toEqual({ covers_day: false });
      expect(
        await count(db(), 'select 1 from public.activities where id = $1 and not _deleted', [
          `workout:${old}`,
        ]),
      ).toBe(0);
    });

    it('an old rest day cannot be confirmed again by undeleting it', async () => {
      const user = await createUserWith(ctx, 'undoer', 'public', 'UTC');
      const day = await dayIn(db(), 'UTC', -10);
      // A rest day confirmed and undone long ago: written around the insert window, as history would be.
      await db().transaction(async (tx) => {
        await tx.query('set local session_replication_role = replica');
        await tx.query(
          `insert into public.rest_days (id, user_id, day, _deleted) values ($1 || ':' || $2, $1::uuid, $2::date, true)`,
          [user, day],
        );
      });
      await expectRefusal(
        () =>
          ctx.as(user, (tx) =>
            tx.query('update public.rest_days set _deleted = false where id = $1', [`${user}:${day}`]),
          ),
        'SPR01',
        'A rest day can only be confirmed for today',
      );
      expect(await streaks(user)).toEqual([0, 0]);
      // Within the window, undo and redo still work.
      const today = await confirmRestDay(user);
      await ctx.as(user, (tx) =>
        tx.query('update public.rest_days set _deleted = true where id = $1', [today.id]),
      );
      await ctx.as(user, (tx) =>
        tx.query('update public.rest_days set _deleted = false where id = $1', [today.id]),
      );
      expect(await streaks(user)).toEqual([1, 1]);
    });
  });

  describe('best_streak is a record', () => {
    it('deleting a workout and undoing a rest day lower the current streak, never the best', async () => {
      const user = await createUserWith(ctx, 'recorder', 'public', 'Europe/Berlin');
      const before = workout(user, await dayIn(db(), 'Europe/Berlin', -2));
      const yesterday = workout(user, await dayIn(db(), 'Europe/Berlin', -1));
      await insertAll(user, [before, yesterday]);
      const rest = await confirmRestDay(user);
      expect(await streaks(user)).toEqual([3, 3]);

      await push(user, [
        { newDocumentState: { ...yesterday, _deleted: true }, assumedMasterState: yesterday },
      ]);
      expect(await streaks(user)).toEqual([1, 3]);
      await ctx.as(user, (tx) =>
        tx.query('update public.rest_days set _deleted = true where id = $1', [rest.id]),
      );
      expect(await streaks(user)).toEqual([0, 3]);
      // refresh_my_progress recomputes from scratch and keeps the record too.
      const refreshed = await ctx.as(user, (tx) =>
        one<{ current_streak: number; best_streak: number }>(
          tx,
          'select current_streak, best_streak from public.refresh_my_progress()',
        ),
      );
      expect([refreshed.current_streak, refreshed.best_streak]).toEqual([0, 3]);
      expect(
        await count(
          db(),
          `select 1 from public.user_achievements where user_id = $1 and achievement_id = 'streak_3'`,
          [user],
        ),
      ).toBe(1);
    });
  });

  describe('a push refreshes once (20261127060000_push_refreshes_streaks_once.sql)', () => {
    it('counts every row of the push, and a write after it in the same transaction refreshes again', async () => {
      const user = await createUserWith(ctx, 'batcher', 'public', 'Asia/Tokyo');
      // The streak needs all three rows: it is computed after the last one, not skipped.
      await insertAll(user, [
        workout(user, await dayIn(db(), 'Asia/Tokyo', -2)),
        workout(user, await dayIn(db(), 'Asia/Tokyo', -1)),
        workout(user, await dayIn(db(), 'Asia/Tokyo', 0)),
      ]);
      expect(await streaks(user)).toEqual([3, 3]);

      const other = await createUserWith(ctx, 'batcher2', 'public', 'Asia/Tokyo');
      const today = await dayIn(db(), 'Asia/Tokyo', 0);
      const yesterday = await dayIn(db(), 'Asia/Tokyo', -1);
      const deferred = await ctx.as(other, async (tx) => {
        await one(tx, 'select public.push_workouts($1::jsonb) as r', [
          JSON.stringify([
            {
              newDocumentState: workout(other, yesterday),
              assumedMasterState: null,
            },
          ]),
        ]);
        // A plain insert after the push, in the same transaction: its trigger refreshes as usual.
        await tx.query(`insert into public.workouts (id, user_id, type, date) values ($1, $2, 'yoga', $3)`, [
          clientId('w'),
          other,
          today,
        ]);
        return one<{ v: string }>(
          tx,
          `select coalesce(current_setting('spotter.streaks_deferred', true), '') as v`,
        );
      });
      expect(deferred).toEqual({ v: '' });
      expect(await streaks(other)).toEqual([2, 2]);
    });
  });

  describe('changes of zone', () => {
    // Kiritimati (UTC+14) is always one or two calendar days ahead of Pago Pago (UTC-11).
    it('flying west keeps the days already covered in the east', async () => {
      const user = await createUserWith(ctx, 'westward', 'public', 'Pacific/Kiritimati');
      const rows = [];
      for (let back = 0; back <= 2; back++)
        rows.push(workout(user, await dayIn(db(), 'Pacific/Kiritimati', -back)));
      await insertAll(user, rows);
      expect(await streaks(user)).toEqual([3, 3]);
      await setZone(user, 'Pacific/Pago_Pago');
      expect(await streaks(user)).toEqual([3, 3]);
      // The same day again, back east: nothing doubles.
      await setZone(user, 'Pacific/Kiritimati');
      expect(await streaks(user)).toEqual([3, 3]);
      // A rest day on a day already covered adds nothing.
      await confirmRestDay(user);
      expect(await streaks(user)).toEqual([3, 3]);
    });

    it('flying east keeps the streak alive over a skipped day and adds no length for it', async () => {
      const user = await createUserWith(ctx, 'eastward', 'public', 'Pacific/Pago_Pago');
      const rows = [];
      for (let back = 0; back <= 2; back++)
        rows.push(workout(user, await dayIn(db(), 'Pacific/Pago_Pago', -back)));
      await insertAll(user, rows);
      expect(await streaks(user)).toEqual([3, 3]);
      // Both calendars at one instant (the same statement time as the change of zone's trigger).
      const { gap, skipped } = await ctx.as(user, async (tx) => {
        const r = await one<{ gap: number; skipped: string }>(
          tx,
          `select ((now() at time zone 'Pacific/Kiritimati')::date - (now() at time zone 'Pacific/Pago_Pago')::date)::int as gap,
                  ((now() at time zone 'Pacific/Pago_Pago')::date + 1)::text as skipped`,
        );
        await tx.query(`update public.profiles set timezone = 'Pacific/Kiritimati' where id = $1`, [user]);
        return r;
      });
      expect(await streaks(user)).toEqual([3, 3]);
      const state = await one<{ bridged: string[] }>(
        db(),
        `select array(select d::text from unnest(bridged_days) d) as bridged
         from private.streak_state where user_id = $1`,
        [user],
      );
      // One day ahead: nothing skipped. Two days ahead (the last hour of the day in Pago Pago): bridged.
      expect(state.bridged).toEqual(gap === 2 ? [skipped] : []);
      await confirmRestDay(user);
      expect(await streaks(user)).toEqual([4, 4]);
    });
  });
});
