// @clock-sensitive: today in the writes it repeats
// Replaying a write with the same ids changes nothing: after the first call, a second identical call
// (a service-worker replay, a sync-worker retry, a double tap) leaves every public table byte-for-byte
// as it was (row contents including _modified, so even a no-op rewrite would show), and so awards
// no XP, notification, feed entry or achievement twice.
import { beforeAll, expect, it } from 'vitest';
import type { Queryable } from '../../../supabase/emulator/src/db/engine';
import { describeEachEngine } from '../../support/engines';
import { clientId, createUserWith, makeFriends, one } from './helpers';

interface Case {
  name: string;
  /** Prepares the fixture and returns the call to replay (as `who`). */
  setup(): Promise<{ who: string; sql: string; params: unknown[]; replayFailsWith?: string }>;
}

describeEachEngine('idempotent writes', (ctx) => {
  let tables: string[] = [];
  let a: string;
  let b: string;

  const fingerprint = async (db: Queryable): Promise<Record<string, string>> => {
    const cols = tables.map(
      (t) =>
        `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from public.${t} x) as ${t}`,
    );
    return one<Record<string, string>>(db, `select ${cols.join(', ')}`);
  };

  beforeAll(async () => {
    tables = (
      await ctx.engine().query<{ relname: string }>(
        `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind = 'r' order by 1`,
      )
    ).rows.map((r) => r.relname);
    a = await createUserWith(ctx, 'ida');
    b = await createUserWith(ctx, 'idb');
    await makeFriends(ctx.engine(), a, b);
  });

  const today = async () =>
    (await one<{ d: string }>(ctx.engine(), `select ((now() at time zone 'UTC')::date)::text as d`)).d;
  // Each on its own day, so a join never clashes with another fixture workout.
  let day = 0;
  const workoutOf = async (who: string) => {
    const id = clientId('w');
    day += 1;
    await ctx
      .engine()
      .query(
        `insert into public.workouts (id, user_id, type, date, time) values ($1, $2, 'strength', current_date + $3::int, '09:00')`,
        [id, who, day],
      );
    return id;
  };
  const row = (id: string, who: string, title: string) => ({
    id,
    user_id: who,
    type: 'cardio',
    date: '2026-05-01',
    title,
    created_at: '2026-01-01T00:00:00Z',
    _deleted: false,
  });

  const cases: Case[] = [
    {
      name: 'push_workouts (insert)',
      setup: async () => ({
        who: a,
        sql: 'select public.push_workouts($1::jsonb)',
        params: [
          JSON.stringify([{ newDocumentState: row(clientId('w'), a, 'x'), assumedMasterState: null }]),
        ],
      }),
    },
    {
      name: 'push_workouts (update)',
      setup: async () => {
        const id = clientId('w');
        await ctx.as(a, (tx) =>
          tx.query('select public.push_workouts($1::jsonb)', [
            JSON.stringify([{ newDocumentState: row(id, a, 'old'), assumedMasterState: null }]),
          ]),
        );
        return {
          who: a,
          sql: 'select public.push_workouts($1::jsonb)',
          params: [
            JSON.stringify([{ newDocumentState: row(id, a, 'new'), assumedMasterState: row(id, a, 'old') }]),
          ],
        };
      },
    },
    {
      name: 'push_user_settings',
      setup: async () => ({
        who: b,
        sql: 'select public.push_user_settings($1::jsonb)',
        params: [
          JSON.stringify([
            { newDocumentState: { id: b, user_id: b, theme: 'dark' }, assumedMasterState: null },
          ]),
        ],
      }),
    },
    {
      name: 'confirm_rest_day',
      setup: async () => ({ who: a, sql: 'select public.confirm_rest_day()', params: [] }),
    },
    {
      name: 'check_in',
      setup: async () => ({
        who: a,
        sql: 'select public.check_in($1, $2)',
        params: [clientId('ci'), 'at-wien-fitinn-mariahilf'],
      }),
    },
    {
      name: 'check_out',
      setup: async () => {
        const id = clientId('ci');
        await ctx.as(b, (tx) => tx.query('select public.check_in($1, $2)', [id, 'at-wien-fitinn-mariahilf']));
        return { who: b, sql: 'select public.check_out($1)', params: [id] };
      },
    },
    {
      name: 'set_home_gyms',
      setup: async () => ({
        who: a,
        sql: 'select public.set_home_gyms($1)',
        params: [['ch-zuerich-basefit-hauptbahnhof', 'ch-geneve-update-cornavin']],
      }),
    },
    {
      name: 'flex_activity',
      setup: async () => ({
        who: b,
        sql: 'select public.flex_activity($1, $2)',
        params: [clientId('fx'), `workout:${await workoutOf(a)}`],
      }),
    },
    {
      name: 'request_join_workout',
      setup: async () => ({
        who: b,
        sql: 'select public.request_join_workout($1, $2)',
        params: [clientId('jr'), await workoutOf(a)],
      }),
    },
    {
      name: 'respond_join_request (accept, copies the workout)',
      setup: async () => {
        const id = clientId('jr');
        const w = await workoutOf(b);
        await ctx.as(a, (tx) => tx.query('select public.request_join_workout($1, $2)', [id, w]));
        return { who: b, sql: 'select public.respond_join_request($1, true)', params: [id] };
      },
    },
    {
      name: 'send_friend_request (the replay is refused: request exists)',
      setup: async () => {
        const c = await createUserWith(ctx, 'idc');
        return {
          who: a,
          sql: 'select public.send_friend_request($1)',
          params: [c],
          replayFailsWith: 'SPF03',
        };
      },
    },
    {
      name: 'respond_friend_request (accept, makes friends)',
      setup: async () => {
        const d = await createUserWith(ctx, 'idd');
        await ctx.as(d, (tx) => tx.query('select public.send_friend_request($1)', [a]));
        const r = await one<{ id: string }>(
          ctx.engine(),
          'select id from public.friend_requests where sender_id = $1',
          [d],
        );
        return { who: a, sql: 'select public.respond_friend_request($1, true)', params: [r.id] };
      },
    },
    {
      name: 'cancel_friend_request',
      setup: async () => {
        const e = await createUserWith(ctx, 'ide');
        await ctx.as(b, (tx) => tx.query('select public.send_friend_request($1)', [e]));
        const r = await one<{ id: string }>(
          ctx.engine(),
          'select id from public.friend_requests where receiver_id = $1',
          [e],
        );
        return { who: b, sql: 'select public.cancel_friend_request($1)', params: [r.id] };
      },
    },
    {
      name: 'complete_daily_challenge',
      setup: async () => {
        const c = await one<{ challenge_id: string }>(
          ctx.engine(),
          'select challenge_id from public.get_daily_challenge($1::date)',
          [await today()],
        );
        return { who: a, sql: 'select public.complete_daily_challenge($1)', params: [c.challenge_id] };
      },
    },
    {
      name: 'mark_all_notifications_read',
      setup: async () => ({ who: a, sql: 'select public.mark_all_notifications_read()', params: [] }),
    },
    {
      name: 'delete_all_notifications',
      setup: async () => ({ who: b, sql: 'select public.delete_all_notifications()', params: [] }),
    },
    {
      name: 'remove_friend',
      setup: async () => {
        const f = await createUserWith(ctx, 'idf');
        await makeFriends(ctx.engine(), b, f);
        return { who: b, sql: 'select public.remove_friend($1)', params: [f] };
      },
    },
  ];

  for (const c of cases) {
    it(`${c.name}: a replay with the same ids changes nothing`, async () => {
      const call = await c.setup();
      await ctx.as(call.who, (tx) => tx.query(call.sql, call.params));
      const first = await fingerprint(ctx.engine());
      const xpAfterFirst = await one<{ s: number }>(
        ctx.engine(),
        'select coalesce(sum(amount), 0)::int as s from public.xp_events',
      );
      if (call.replayFailsWith) {
        await expect(ctx.as(call.who, (tx) => tx.query(call.sql, call.params))).rejects.toMatchObject({
          code: call.replayFailsWith,
        });
      } else {
        await ctx.as(call.who, (tx) => tx.query(call.sql, call.params));
      }
      expect(await fingerprint(ctx.engine())).toEqual(first);
      expect(
        await one<{ s: number }>(
          ctx.engine(),
          'select coalesce(sum(amount), 0)::int as s from public.xp_events',
        ),
      ).toEqual(xpAfterFirst);
    });
  }
});
