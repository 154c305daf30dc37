// @clock-sensitive: streaks, days in zones
// Workouts through the batch push RPC, rest days, and the server-owned progression they drive: the XP
// ledger, level, streaks in the user's time zone, achievements, and the profile columns a client may
// not write.
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';
import { clientId, count, createUserWith, expectRefusal, one, sqlState } from './helpers';

interface PushResult {
  conflicts: Array<Record<string, unknown>>;
  rejected: Array<{ id: string; code: string; message: string }>;
}

describeEachEngine('workouts and progression', (ctx) => {
  let me: string;
  let other: string;
  let today: string;

  beforeAll(async () => {
    me = await createUserWith(ctx, 'me');
    other = await createUserWith(ctx, 'other');
    today = (await one<{ d: string }>(ctx.engine(), `select ((now() at time zone 'UTC')::date)::text as d`))
      .d;
  });

  const push = (who: string, rows: unknown[]) =>
    ctx.as(
      who,
      async (tx) =>
        (
          await one<{ r: PushResult }>(tx, 'select public.push_workouts($1::jsonb) as r', [
            JSON.stringify(rows),
          ])
        ).r,
    );
  const profile = (who: string) =>
    one<{ xp: number; level: number; current_streak: number; best_streak: number }>(
      ctx.engine(),
      'select xp, level, current_streak, best_streak from public.profiles where id = $1',
      [who],
    );
  const xpCount = (who: string, source: string) =>
    count(ctx.engine(), 'select 1 from public.xp_events where user_id = $1 and source = $2', [who, source]);

  const workout = (id: string, date: string, extra: Record<string, unknown> = {}) => ({
    id,
    user_id: me,
    type: 'strength',
    preset: 'push_day',
    title: 'Push',
    date,
    time: '18:00',
    duration_min: 60,
    notes: null,
    reminder_min: 30,
    joined_from: null,
    created_at: '2026-01-01T10:00:00.000Z',
    _deleted: false,
    ...extra,
  });

  describe('push_workouts', () => {
    it('inserts new rows: +5 XP per planned date (once), activity, first_workout, streak', async () => {
      const a = workout(clientId('w'), today);
      const b = workout(clientId('w'), today, { type: 'cardio' });
      const result = await push(me, [
        { newDocumentState: a, assumedMasterState: null },
        { newDocumentState: b, assumedMasterState: null },
      ]);
      expect(result).toEqual({ conflicts: [], rejected: [] });
      expect(await xpCount(me, 'workout_planned')).toBe(1);
      expect((await profile(me)).xp).toBe(5);
      expect((await profile(me)).current_streak).toBe(1);
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.activities where user_id = $1 and kind = 'workout_planned'`,
          [me],
        ),
      ).toBe(2);
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.user_achievements where user_id = $1 and achievement_id = 'first_workout'`,
          [me],
        ),
      ).toBe(1);
    });

    it('planning far in the past or future stores the workout but earns no XP', async () => {
      const user = await createUserWith(ctx, 'farmer');
      const rows = ['2001-01-01', '2099-01-01'].map((date) => ({
        newDocumentState: { ...workout(clientId('w'), date), user_id: user },
        assumedMasterState: null,
      }));
      expect(await push(user, rows)).toEqual({ conflicts: [], rejected: [] });
      expect(await count(ctx.engine(), 'select 1 from public.workouts where user_id = $1', [user])).toBe(2);
      expect(await xpCount(user, 'workout_planned')).toBe(0);
    });

    it('a delete and re-create loop on the same date farms nothing', async () => {
      const id = clientId('w');
      const row = workout(id, today);
      await push(me, [{ newDocumentState: row, assumedMasterState: null }]);
      await push(me, [{ newDocumentState: { ...row, _deleted: true }, assumedMasterState: row }]);
      await push(me, [{ newDocumentState: workout(clientId('w'), today), assumedMasterState: null }]);
      expect(await xpCount(me, 'workout_planned')).toBe(1);
      expect(
        await count(ctx.engine(), `select 1 from public.activities where id = $1 and _deleted`, [
          `workout:${id}`,
        ]),
      ).toBe(1);
    });

    it('updates when the assumed state matches (typed comparison), reports a conflict when it does not', async () => {
      const id = clientId('w');
      const row = workout(id, today);
      await push(me, [{ newDocumentState: row, assumedMasterState: null }]);
      // The server stores "18:00:00" and "...+00:00"; the client's "18:00" and "Z" forms still match.
      const edited = { ...row, title: 'Push heavy' };
      expect(await push(me, [{ newDocumentState: edited, assumedMasterState: row }])).toEqual({
        conflicts: [],
        rejected: [],
      });
      // Replaying the same push is a no-op (the server already has the new state).
      const before = await one<{ m: string }>(
        ctx.engine(),
        'select _modified::text as m from public.workouts where id = $1',
        [id],
      );
      expect(await push(me, [{ newDocumentState: edited, assumedMasterState: row }])).toEqual({
        conflicts: [],
        rejected: [],
      });
      const after = await one<{ m: string }>(
        ctx.engine(),
        'select _modified::text as m from public.workouts where id = $1',
        [id],
      );
      expect(after.m).toBe(before.m);
      // Another device edits from the old state: conflict with the server row, nothing written.
      const stale = await push(me, [
        { newDocumentState: { ...row, title: 'Legs' }, assumedMasterState: row },
      ]);
      expect(stale.conflicts).toHaveLength(1);
      expect(stale.conflicts[0]).toMatchObject({ id, title: 'Push heavy', user_id: me });
      expect(stale.conflicts[0]?._modified).toBeTruthy();
      // An insert of an id that exists is a conflict too.
      expect((await push(me, [{ newDocumentState: row, assumedMasterState: null }])).conflicts).toHaveLength(
        1,
      );
    });

    it('rejects bad rows individually without failing the batch, and never writes another user’s row', async () => {
      const good = workout(clientId('w'), today);
      const bad = workout(clientId('w'), today, { type: 'napping' });
      const result = await push(me, [
        { newDocumentState: bad, assumedMasterState: null },
        { newDocumentState: good, assumedMasterState: null },
      ]);
      expect(result.rejected).toEqual([expect.objectContaining({ id: bad.id, code: '23514' })]);
      expect(await count(ctx.engine(), 'select 1 from public.workouts where id = $1', [good.id])).toBe(1);
      // Someone else's id: rejected, their row untouched.
      const theirs = { ...workout(clientId('w'), today), user_id: other };
      await push(other, [{ newDocumentState: theirs, assumedMasterState: null }]);
      const hijack = await push(me, [
        { newDocumentState: { ...theirs, user_id: me, title: 'mine now' }, assumedMasterState: null },
      ]);
      expect(hijack.rejected).toEqual([expect.objectContaining({ id: theirs.id, code: 'SPX01' })]);
      const forged = await push(me, [
        { newDocumentState: { ...workout(clientId('w'), today), user_id: other }, assumedMasterState: null },
      ]);
      expect(forged.rejected).toEqual([expect.objectContaining({ code: '42501' })]);
      expect(
        await count(ctx.engine(), `select 1 from public.workouts where user_id = $1 and title = 'mine now'`, [
          other,
        ]),
      ).toBe(0);
    });

    it('refuses a non-array payload and anonymous callers', async () => {
      await expectRefusal(
        () => ctx.as(me, (tx) => tx.query(`select public.push_workouts('{}'::jsonb)`)),
        'SPV01',
      );
      await expectRefusal(
        () => ctx.as('anon', (tx) => tx.query(`select public.push_workouts('[]'::jsonb)`)),
        '42501',
      );
    });
  });

  describe('push_user_settings', () => {
    it('creates the settings row and merges edits by assumed state', async () => {
      const row = {
        id: me,
        user_id: me,
        theme: 'dark',
        language: 'de',
        push_enabled: false,
        haptics_enabled: true,
        sound_enabled: true,
        walkthrough_done: false,
        _deleted: false,
      };
      const run = (rows: unknown[]) =>
        ctx.as(
          me,
          async (tx) =>
            (
              await one<{ r: PushResult }>(tx, 'select public.push_user_settings($1::jsonb) as r', [
                JSON.stringify(rows),
              ])
            ).r,
        );
      expect(await run([{ newDocumentState: row, assumedMasterState: null }])).toEqual({
        conflicts: [],
        rejected: [],
      });
      expect(
        await run([{ newDocumentState: { ...row, walkthrough_done: true }, assumedMasterState: row }]),
      ).toEqual({ conflicts: [], rejected: [] });
      const stale = await run([{ newDocumentState: { ...row, theme: 'light' }, assumedMasterState: row }]);
      expect(stale.conflicts[0]).toMatchObject({ theme: 'dark', walkthrough_done: true });
    });
  });

  describe('rest days', () => {
    it('confirms today once: +10 XP once, feed entry, streak; a day out of range is refused', async () => {
      const user = await createUserWith(ctx, 'rester', 'public', 'Pacific/Kiritimati');
      const r1 = await ctx.as(user, (tx) =>
        one<{ id: string; day: string }>(tx, 'select id, day::text as day from public.confirm_rest_day()'),
      );
      const userToday = (
        await one<{ d: string }>(
          ctx.engine(),
          `select ((now() at time zone 'Pacific/Kiritimati')::date)::text as d`,
        )
      ).d;
      expect(r1.day).toBe(userToday);
      expect(r1.id).toBe(`${user}:${userToday}`);
      await ctx.as(user, (tx) => tx.query('select public.confirm_rest_day($1::date)', [userToday]));
      expect(await xpCount(user, 'rest_day')).toBe(1);
      expect((await profile(user)).xp).toBe(10);
      expect((await profile(user)).current_streak).toBe(1);
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.user_achievements where user_id = $1 and achievement_id = 'first_rest_day'`,
          [user],
        ),
      ).toBe(1);
      await expectRefusal(
        () => ctx.as(user, (tx) => tx.query(`select public.confirm_rest_day($1::date - 10)`, [userToday])),
        'SPR01',
        'A rest day can only be confirmed for today',
      );
      // Un-confirming (soft delete) uncovers the day: the streak drops, the XP stays (once per date).
      await ctx.as(user, (tx) =>
        tx.query('update public.rest_days set _deleted = true where id = $1', [r1.id]),
      );
      expect((await profile(user)).current_streak).toBe(0);
      await ctx.as(user, (tx) => tx.query('select public.confirm_rest_day()'));
      expect((await profile(user)).current_streak).toBe(1);
      expect(await xpCount(user, 'rest_day')).toBe(1);
    });

    it('streaks count workouts and rest days together, ending yesterday while today is open', async () => {
      const user = await createUserWith(ctx, 'streaker');
      const db = ctx.engine();
      for (let back = 1; back <= 3; back++) {
        await db.query(
          `insert into public.workouts (id, user_id, type, date) values ($1, $2, 'yoga', current_date - $3::int)`,
          [clientId('w'), user, back],
        );
      }
      await db.query(
        `insert into public.workouts (id, user_id, type, date) values ($1, $2, 'yoga', current_date + 5)`,
        [clientId('w'), user],
      );
      const p = await profile(user);
      expect([p.current_streak, p.best_streak]).toEqual([3, 3]);
      expect(
        await count(
          db,
          `select 1 from public.user_achievements where user_id = $1 and achievement_id = 'streak_3'`,
          [user],
        ),
      ).toBe(1);
      await ctx.as(user, (tx) => tx.query('select public.confirm_rest_day()'));
      expect((await profile(user)).current_streak).toBe(4);
      const refreshed = await ctx.as(user, (tx) =>
        one<{ current_streak: number }>(tx, 'select current_streak from public.refresh_my_progress()'),
      );
      expect(refreshed.current_streak).toBe(4);
    });
  });

  describe('time zones', () => {
    it('a new time zone moves "today", but never back before a day already judged', async () => {
      // Kiritimati (UTC+14) and Pago Pago (UTC-11) are always on different calendar days.
      const user = await createUserWith(ctx, 'traveller', 'public', 'Pacific/Kiritimati');
      const kiriToday = (
        await one<{ d: string }>(
          ctx.engine(),
          `select ((now() at time zone 'Pacific/Kiritimati')::date)::text as d`,
        )
      ).d;
      await ctx
        .engine()
        .query(`insert into public.workouts (id, user_id, type, date) values ($1, $2, 'yoga', $3::date)`, [
          clientId('w'),
          user,
          kiriToday,
        ]);
      expect((await profile(user)).current_streak).toBe(1);
      // In Pago Pago that day is still one or two days ahead, but it was judged in Kiritimati already: the
      // streak's today does not move back, so the covered day does not turn into a future one
      // (20261126100000_streak_rules.sql; test/integration/db/streak-rules.test.ts has the full trip).
      await ctx.as(user, (tx) =>
        tx.query(`update public.profiles set timezone = 'Pacific/Pago_Pago' where id = $1`, [user]),
      );
      expect((await profile(user)).current_streak).toBe(1);
      await ctx.as(user, (tx) =>
        tx.query(`update public.profiles set timezone = 'Pacific/Kiritimati' where id = $1`, [user]),
      );
      expect((await profile(user)).current_streak).toBe(1);
    });
  });

  describe('server-owned profile columns', () => {
    it('a client update of xp, level, streaks or discriminator fails; own columns pass', async () => {
      for (const set of [
        'xp = 100000',
        'level = 99',
        'current_streak = 50',
        'best_streak = 50',
        `discriminator = '0000'`,
        `slug = 'x'`,
      ]) {
        expect(
          await sqlState(() =>
            ctx.as(me, (tx) => tx.query(`update public.profiles set ${set} where id = $1`, [me])),
          ),
        ).toBe('42501');
      }
      const updated = await ctx.as(me, (tx) =>
        tx.query(
          `update public.profiles set first_name = 'Me', avatar_id = 'avatar3', visibility = 'friends' where id = $1`,
          [me],
        ),
      );
      expect(updated.rowCount).toBe(1);
      expect(
        await sqlState(() =>
          ctx.as(me, (tx) =>
            tx.query(`update public.profiles set avatar_id = 'avatar10' where id = $1`, [me]),
          ),
        ),
      ).toBe('23514');
      await expectRefusal(
        () =>
          ctx.as(me, (tx) =>
            tx.query(`update public.profiles set current_gym_id = 'de-nowhere' where id = $1`, [me]),
          ),
        'SPG01',
      );
      await expectRefusal(
        () =>
          ctx.as(me, (tx) =>
            tx.query(`update public.profiles set timezone = 'Mars/Olympus' where id = $1`, [me]),
          ),
        'SPV01',
      );
      // Another user's row: no rows touched.
      const hit = await ctx.as(me, (tx) =>
        tx.query(`update public.profiles set first_name = 'x' where id = $1`, [other]),
      );
      expect(hit.rowCount).toBe(0);
    });

    it('a username change keeps the handle unique by picking a new discriminator on a clash', async () => {
      const a = await createUserWith(ctx, 'twin');
      const b = await createUserWith(ctx, 'solo');
      const handleA = await one<{ discriminator: string }>(
        ctx.engine(),
        'select discriminator from public.profiles where id = $1',
        [a],
      );
      await ctx
        .engine()
        .query('update public.profiles set discriminator = $2 where id = $1', [b, handleA.discriminator]);
      await ctx.as(b, (tx) => tx.query(`update public.profiles set username = '  Twin ' where id = $1`, [b]));
      const after = await one<{ username: string; discriminator: string }>(
        ctx.engine(),
        'select username, discriminator from public.profiles where id = $1',
        [b],
      );
      expect(after.username).toBe('Twin');
      expect(after.discriminator).not.toBe(handleA.discriminator);
    });

    it('levels follow the ledger: level up adds a feed entry and level achievements', async () => {
      const user = await createUserWith(ctx, 'climber');
      // 229 XP reaches level 2; 2,749 (total of level 5 per the vectors) reaches level 5.
      const total5 = (await one<{ t: number }>(ctx.engine(), 'select public.total_xp_for_level(5) as t')).t;
      await ctx
        .engine()
        .query(
          `insert into public.xp_events (user_id, source, source_id, amount) values ($1, 'daily_challenge', 'test-a', $2)`,
          [user, total5],
        );
      const p = await profile(user);
      expect([p.xp, p.level]).toEqual([total5, 5]);
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.activities where user_id = $1 and kind = 'level_up' and level = 5`,
          [user],
        ),
      ).toBe(1);
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.user_achievements where user_id = $1 and achievement_id = 'level_5'`,
          [user],
        ),
      ).toBe(1);
    });
  });

  describe('new user profile trigger', () => {
    it('derives username, discriminator and slug, and creates the details row', async () => {
      const fromMeta = await ctx.createUser({ username: '  A#very#long#username  ' });
      const fromFirst = await ctx.createUser({ firstName: 'Giulia' });
      const fromEmail = await ctx.createUser({ email: 'max.mustermann@example.test' });
      const rows = (
        await ctx
          .engine()
          .query<{ id: string; username: string; discriminator: string; slug: string; details: number }>(
            `select p.id, p.username, p.discriminator, p.slug, (select count(*)::int from public.profile_details d where d.id = p.id) as details
           from public.profiles p where p.id = any($1::uuid[])`,
            [[fromMeta, fromFirst, fromEmail]],
          )
      ).rows;
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(fromMeta)?.username).toBe('Averylonguse');
      expect(byId.get(fromFirst)?.username).toBe('Giulia');
      expect(byId.get(fromEmail)?.username).toBe('max.musterma');
      for (const r of rows) {
        expect(r.discriminator).toMatch(/^\d{4}$/);
        expect(r.slug).toMatch(/^[a-z0-9-]+-\d{4}$/);
        expect(r.details).toBe(1);
      }
    });
  });
});
