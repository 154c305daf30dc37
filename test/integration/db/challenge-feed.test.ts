// @clock-sensitive: today's challenge (now()::date)
// Daily challenge, notifications, the feed, discovery, public profiles and the data export.
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';
import { clientId, count, createUserWith, expectRefusal, makeFriends, one } from './helpers';

// All ids of the spec's point 3, with the two unnamed entries given real ids.
const CATALOGUE =
  `plank_60s pushup_20 squat_30 burpee_10 wall_sit_60s mountain_climber_30s jumping_jack_50 lunge_20
  squats_25 wall_sit_45s glute_bridge_20 jumping_jacks_60s lunges_20_total mountain_climbers_30_each pushups_15
  russian_twists_40_total jog_in_place_90s butt_kicks_60s high_knees_60s forearm_plank_45s downward_dog_60s
  child_pose_60s chair_pose_45s cat_cow_20 side_plank_30s_each tricep_dips_15 superman_30s step_ups_20_total
  shoulder_taps_30_each squat_hold_45s toe_touches_30 bicycle_crunches_30_each bird_dog_20_total burpees_10
  calf_raises_30 inchworms_10 hollow_hold_30s`.split(/\s+/);

describeEachEngine('daily challenge, notifications, feed, discovery, profiles, export', (ctx) => {
  let me: string;
  let today: string;

  beforeAll(async () => {
    me = await createUserWith(ctx, 'me');
    today = (await one<{ d: string }>(ctx.engine(), `select ((now() at time zone 'UTC')::date)::text as d`))
      .d;
  });

  describe('get_daily_challenge', () => {
    it('is deterministic per date, visits the whole catalogue, and is open to visitors', async () => {
      const rows = await ctx.as(
        'anon',
        async (tx) =>
          (
            await tx.query<{ d: string; challenge_id: string; points: number }>(
              `select d::text as d, c.challenge_id, c.points
             from generate_series(date '2026-01-01', date '2026-01-01' + 36, interval '1 day') d
             cross join lateral public.get_daily_challenge(d::date) c order by d`,
            )
          ).rows,
      );
      expect(new Set(rows.map((r) => r.challenge_id))).toEqual(new Set(CATALOGUE));
      const again = await ctx.as(me, (tx) =>
        one<{ challenge_id: string }>(tx, `select * from public.get_daily_challenge('2026-01-05')`),
      );
      expect(again.challenge_id).toBe(rows[4]?.challenge_id);
      const plank = await one<{ points: number }>(
        ctx.engine(),
        `select points from public.daily_challenges where challenge_id = 'plank_60s'`,
      );
      expect(plank.points).toBe(15);
    });

    it('falls back to the plank (15 points) when the catalogue is empty', async () => {
      const fallback = await ctx.engine().transaction(async (tx) => {
        await tx.query('update public.daily_challenges set _deleted = true');
        const row = await one<{ challenge_id: string; name: string; points: number }>(
          tx,
          'select * from public.get_daily_challenge($1)',
          [today],
        );
        await tx.query('update public.daily_challenges set _deleted = false');
        return row;
      });
      expect(fallback).toMatchObject({ challenge_id: 'plank_60s', name: '60s Plank', points: 15 });
    });
  });

  describe('complete_daily_challenge', () => {
    it('accepts only today’s challenge, once per UTC date, awarding its points once', async () => {
      const todays = await one<{ challenge_id: string; points: number }>(
        ctx.engine(),
        'select * from public.get_daily_challenge($1)',
        [today],
      );
      const wrong = CATALOGUE.find((id) => id !== todays.challenge_id) ?? '';
      await expectRefusal(
        () => ctx.as(me, (tx) => tx.query('select public.complete_daily_challenge($1)', [wrong])),
        'SPC01',
        "This is not today's challenge",
      );
      const done = await ctx.as(me, (tx) =>
        one<{ r: Record<string, unknown> }>(tx, 'select public.complete_daily_challenge($1) as r', [
          todays.challenge_id,
        ]),
      );
      expect(done.r).toMatchObject({
        challenge_id: todays.challenge_id,
        completed_on: today,
        points: todays.points,
        already_completed: false,
      });
      const again = await ctx.as(me, (tx) =>
        one<{ r: Record<string, unknown> }>(tx, 'select public.complete_daily_challenge($1) as r', [
          todays.challenge_id,
        ]),
      );
      expect(again.r).toMatchObject({ already_completed: true, id: done.r.id });
      const p = await one<{ xp: number }>(ctx.engine(), 'select xp from public.profiles where id = $1', [me]);
      expect(p.xp).toBe(todays.points);
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.activities where user_id = $1 and kind = 'challenge_completed'`,
          [me],
        ),
      ).toBe(1);
      // The client sees its completion for today (spec: select daily_challenge_completions for today).
      const mine = await ctx.as(me, (tx) =>
        tx.query('select * from public.daily_challenge_completions where completed_on = $1::date', [today]),
      );
      expect(mine.rows).toHaveLength(1);
    });
  });

  describe('notifications', () => {
    it('marks all read and deletes all (soft), returning counts', async () => {
      const sender = await createUserWith(ctx, 'sender');
      const other = await createUserWith(ctx, 'other2');
      await ctx.as(sender, (tx) => tx.query('select public.send_friend_request($1)', [me]));
      await ctx.as(other, (tx) => tx.query('select public.send_friend_request($1)', [me]));
      const unread = () =>
        count(
          ctx.engine(),
          'select 1 from public.notifications where user_id = $1 and not is_read and not _deleted',
          [me],
        );
      expect(await unread()).toBe(2);
      expect(
        (await ctx.as(me, (tx) => one<{ n: number }>(tx, 'select public.mark_all_notifications_read() as n')))
          .n,
      ).toBe(2);
      expect(
        (await ctx.as(me, (tx) => one<{ n: number }>(tx, 'select public.mark_all_notifications_read() as n')))
          .n,
      ).toBe(0);
      expect(await unread()).toBe(0);
      expect(
        (await ctx.as(me, (tx) => one<{ n: number }>(tx, 'select public.delete_all_notifications() as n'))).n,
      ).toBe(2);
      expect(
        await count(ctx.engine(), 'select 1 from public.notifications where user_id = $1 and not _deleted', [
          me,
        ]),
      ).toBe(0);
      // The spec's direct call: update notifications set is_read = true where is_read = false (own rows only).
      const r = await ctx.as(sender, (tx) =>
        tx.query('update public.notifications set is_read = true where is_read = false'),
      );
      expect(r.rowCount).toBe(0);
    });
  });

  describe('get_feed', () => {
    let reader: string;
    let pal: string;
    let privatePal: string;
    let stranger: string;

    beforeAll(async () => {
      const db = ctx.engine();
      reader = await createUserWith(ctx, 'reader');
      pal = await createUserWith(ctx, 'pal', 'friends');
      privatePal = await createUserWith(ctx, 'privpal', 'private');
      stranger = await createUserWith(ctx, 'strangerf');
      await makeFriends(db, reader, pal);
      await makeFriends(db, reader, privatePal);
      for (const [who, n] of [
        [reader, 5],
        [pal, 40],
        [privatePal, 3],
        [stranger, 3],
      ] as const) {
        for (let i = 0; i < n; i++) {
          await db.query(
            `insert into public.activities (id, user_id, kind, level, created_at) values ($1, $2, 'level_up', $3, now() - make_interval(mins => $3))`,
            [clientId('act'), who, i],
          );
        }
      }
    });

    it('pages own and friends’ activities newest first, 20 a page, with keyset pagination', async () => {
      type Row = {
        id: string;
        user_id: string;
        created_at: string;
        username: string;
        flex_count: number;
        flexed_by_me: boolean;
      };
      const page = (before: Row | null) =>
        ctx.as(
          reader,
          async (tx) =>
            (
              await tx.query<Row>('select * from public.get_feed(20, $1, $2)', [
                before?.created_at ?? null,
                before?.id ?? null,
              ])
            ).rows,
        );
      const seen: Row[] = [];
      let last: Row | null = null;
      for (;;) {
        const rows = await page(last);
        seen.push(...rows);
        if (rows.length < 20) break;
        last = rows[rows.length - 1] ?? null;
      }
      expect(seen).toHaveLength(45);
      expect(new Set(seen.map((r) => r.id)).size).toBe(45);
      expect(new Set(seen.map((r) => r.user_id))).toEqual(new Set([reader, pal]));
      const times = seen.map((r) => new Date(r.created_at).getTime());
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(seen[0]?.username).toBeTruthy();
      expect(seen[0]?.flex_count).toBe(0);
    });

    it('pages exactly like a plain sort over every visible row, with ties and uneven authors', async () => {
      // get_feed first bounds the page by the authors' newest rows; this checks the bound never drops or
      // reorders a row: many authors, bursts, equal timestamps across authors, 7 rows a page.
      const db = ctx.engine();
      const me = await createUserWith(ctx, 'tiesme');
      const friends: string[] = [];
      for (let f = 0; f < 12; f++) {
        const friend = await createUserWith(ctx, `ties${f}`);
        await makeFriends(db, me, friend);
        friends.push(friend);
      }
      const authors = [me, ...friends];
      let seed = 7;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      for (let i = 0; i < 90; i++) {
        const author = authors[Math.floor(random() * random() * authors.length)] ?? me;
        // Few distinct minutes, so timestamps collide within and across authors.
        const minutes = Math.floor(random() * 25);
        await db.query(
          `insert into public.activities (id, user_id, kind, level, created_at)
           values ($1, $2, 'level_up', 1, date_trunc('minute', now()) - make_interval(mins => $3))`,
          [clientId('tie'), author, minutes],
        );
      }
      const expected = (
        await db.query<{ id: string }>(
          `select id from public.activities where user_id = any($1::uuid[]) and not _deleted
           order by created_at desc, id desc`,
          [authors],
        )
      ).rows.map((r) => r.id);
      const seen: string[] = [];
      let cursor: { created_at: string; id: string } | null = null;
      for (;;) {
        const rows = await ctx.as(
          me,
          async (tx) =>
            (
              await tx.query<{ id: string; created_at: string }>(
                'select id, created_at from public.get_feed(7, $1, $2)',
                [cursor?.created_at ?? null, cursor?.id ?? null],
              )
            ).rows,
        );
        seen.push(...rows.map((r) => r.id));
        if (rows.length < 7) break;
        const last = rows[rows.length - 1];
        cursor = last ? { created_at: last.created_at, id: last.id } : null;
      }
      expect(seen).toEqual(expected);
    });
  });

  describe('discover_people and get_public_profile', () => {
    it('discovers public non-friends only', async () => {
      const seeker = await createUserWith(ctx, 'seeker');
      const pubX = await createUserWith(ctx, 'findme');
      const frX = await createUserWith(ctx, 'hideme', 'friends');
      const mate = await createUserWith(ctx, 'mate');
      await makeFriends(ctx.engine(), seeker, mate);
      const rows = await ctx.as(
        seeker,
        async (tx) =>
          (await tx.query<{ id: string }>('select * from public.discover_people(100, 0, null)')).rows,
      );
      const ids = rows.map((r) => r.id);
      expect(ids).toContain(pubX);
      expect(ids).not.toContain(frX);
      expect(ids).not.toContain(mate);
      expect(ids).not.toContain(seeker);
      const search = await ctx.as(
        seeker,
        async (tx) =>
          (await tx.query<{ id: string }>(`select * from public.discover_people(20, 0, 'FINDM')`)).rows,
      );
      expect(search.map((r) => r.id)).toEqual([pubX]);
    });

    it('shows a profile by slug or id per visibility; visitors see public ones without names', async () => {
      const pub = await createUserWith(ctx, 'publicp');
      const fr = await createUserWith(ctx, 'friendsp', 'friends');
      const buddy = await createUserWith(ctx, 'buddyp');
      await makeFriends(ctx.engine(), fr, buddy);
      await ctx.engine().query(`update public.profiles set first_name = 'Pia' where id = $1`, [pub]);
      const slug = (
        await one<{ slug: string }>(ctx.engine(), 'select slug from public.profiles where id = $1', [pub])
      ).slug;
      const anonView = await ctx.as(
        'anon',
        async (tx) =>
          (
            await tx.query<{ id: string; first_name: string | null }>(
              'select * from public.get_public_profile($1)',
              [slug],
            )
          ).rows,
      );
      expect(anonView).toEqual([expect.objectContaining({ id: pub, first_name: null })]);
      const signedIn = await ctx.as(
        me,
        async (tx) =>
          (
            await tx.query<{ first_name: string | null }>(
              'select * from public.get_public_profile(null, $1)',
              [pub],
            )
          ).rows,
      );
      expect(signedIn[0]?.first_name).toBe('Pia');
      const frAnon = await ctx.as(
        'anon',
        async (tx) => (await tx.query('select * from public.get_public_profile(null, $1)', [fr])).rows,
      );
      expect(frAnon).toEqual([]);
      const frStranger = await ctx.as(
        me,
        async (tx) => (await tx.query('select * from public.get_public_profile(null, $1)', [fr])).rows,
      );
      expect(frStranger).toEqual([]);
      const frBuddy = await ctx.as(
        buddy,
        async (tx) =>
          (
            await tx.query<{ friendship_status: string }>(
              'select * from public.get_public_profile(null, $1)',
              [fr],
            )
          ).rows,
      );
      expect(frBuddy[0]?.friendship_status).toBe('friend');
      const none = await ctx.as(
        'anon',
        async (tx) => (await tx.query(`select * from public.get_public_profile('no-such-slug')`)).rows,
      );
      expect(none).toEqual([]);
    });
  });

  describe('export_my_data', () => {
    it('returns my rows from every table and nobody else’s', async () => {
      const w = clientId('w');
      await ctx
        .engine()
        .query(
          `insert into public.workouts (id, user_id, type, date) values ($1, $2, 'yoga', current_date)`,
          [w, me],
        );
      const data = await ctx
        .as(me, (tx) => one<{ d: Record<string, unknown> }>(tx, 'select public.export_my_data() as d'))
        .then((r) => r.d);
      for (const key of [
        'profile',
        'profile_details',
        'workouts',
        'rest_days',
        'check_ins',
        'home_gyms',
        'friendships',
        'friend_requests',
        'flexes',
        'workout_join_requests',
        'activities',
        'notifications',
        'daily_challenge_completions',
        'xp_events',
        'user_achievements',
        'push_subscriptions',
      ]) {
        expect(data).toHaveProperty(key);
      }
      expect((data.workouts as Array<{ id: string; user_id: string }>).map((x) => x.id)).toContain(w);
      expect((data.workouts as Array<{ user_id: string }>).every((x) => x.user_id === me)).toBe(true);
      await expectRefusal(() => ctx.as('anon', (tx) => tx.query('select public.export_my_data()')), '42501');
    });
  });
});
