/**
 * The benchmark dataset, generated in SQL (issue 19): BENCH_DB_USERS users (default 100,000) with a
 * realistic spread rather than a uniform one.
 * - Friends: 60 % of users have 2, 30 % have 10, 8 % have 40 and 2 % have 200 (both directions, about
 *   1.1 million pairs at 100,000 users); the "reader" (user 1) has READER_FRIENDS more.
 * - Workouts: one user in 14 is active, with a workout every fourth day for two years (about 180 each,
 *   1.3 million in all); the others planned 5 in the last two months. Each workout has its feed activity
 *   and its XP event, level-ups are in the feed too: about 2 million activities in all.
 * - Presence: 60 of the reader's friends and 400 others checked in at one gym now, and an old check-in
 *   for everyone.
 * Loaded with session_replication_role = replica, so the per-row triggers (XP, feed, notifications) do
 * not run: the rows are written as those triggers would leave them, and `vacuum analyze` refreshes the
 * statistics. Every date is relative to the database's clock.
 */
import type { Engine } from '../../supabase/emulator/src/db/engine';

export const USERS = Number(process.env.BENCH_DB_USERS ?? 100_000);
export const READER_FRIENDS = 200;
export const GYM = 'de-berlin-mcfit-alexanderplatz';
/** Every ACTIVE_EVERY-th user (1, 15, 29, …) has two years of workouts. */
export const ACTIVE_EVERY = 14;

/** The uuid of bench user n (1-based): deterministic, so queries can name users. */
export const userId = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** The n-th active user (0-based), for the write benchmark. */
export const activeUser = (n: number): number => 1 + ACTIVE_EVERY * n;

const uid = (expr: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;

/** A user's friend count by the spread above, from a hash of its number. */
const FRIEND_COUNT = `case when (g * 2654435761::bigint) % 100 < 60 then 2
                           when (g * 2654435761::bigint) % 100 < 90 then 10
                           when (g * 2654435761::bigint) % 100 < 98 then 40
                           else 200 end`;

/** Rows of what the dataset holds, for the reader of the bench output. */
export interface DatasetSize {
  users: number;
  friendships: number;
  workouts: number;
  activities: number;
  xpEvents: number;
}

export async function loadDataset(engine: Engine): Promise<DatasetSize> {
  await engine.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(`insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
      select ${uid('g')}, 'authenticated', 'authenticated', 'bench' || g || '@example.test', '{}', now(), now()
      from generate_series(1, ${USERS}) g`);
    // Visibility mix: 60 % public, 30 % friends, 10 % private. Level and XP as a two-year user has them.
    await tx.query(`insert into public.profiles (id, username, discriminator, slug, level, xp, visibility, last_active_at)
      select ${uid('g')}, 'user' || g, lpad((g % 10000)::text, 4, '0'), 'user' || g || '-' || lpad((g % 10000)::text, 4, '0'),
             case when g % ${ACTIVE_EVERY} = 1 then 25 else 1 + g % 5 end,
             case when g % ${ACTIVE_EVERY} = 1 then 30000 else (g % 5) * 100 end,
             case when g % 10 < 6 then 'public' when g % 10 < 9 then 'friends' else 'private' end, now()
      from generate_series(1, ${USERS}) g`);
    await tx.query(`update public.profiles set visibility = 'public' where id = ${uid('1')}`);
    // Friend k of user g is user g + k * 7919 (mod USERS): spread over the whole range, both directions.
    await tx.query(`insert into public.friendships (id, user_id, friend_id, created_at)
      select p.a::text || ':' || p.b::text, p.a, p.b, now() - (p.k % 700 || ' days')::interval
      from (select ${uid('g')} as a, ${uid(`((g - 1 + k * 7919) % ${USERS}) + 1`)} as b, k
            from generate_series(1, ${USERS}) g cross join lateral generate_series(1, ${FRIEND_COUNT}) k) p
      where p.a <> p.b
      union all
      select p.b::text || ':' || p.a::text, p.b, p.a, now() - (p.k % 700 || ' days')::interval
      from (select ${uid('g')} as a, ${uid(`((g - 1 + k * 7919) % ${USERS}) + 1`)} as b, k
            from generate_series(1, ${USERS}) g cross join lateral generate_series(1, ${FRIEND_COUNT}) k) p
      where p.a <> p.b
      on conflict (id) do nothing`);
    await tx.query(`insert into public.friendships (id, user_id, friend_id)
      select x.a::text || ':' || x.b::text, x.a, x.b
      from (select ${uid('1')} as a, ${uid('g')} as b from generate_series(2, ${READER_FRIENDS + 1}) g
            union all select ${uid('g')}, ${uid('1')} from generate_series(2, ${READER_FRIENDS + 1}) g) x
      on conflict (id) do nothing`);
    // Active users: a workout every fourth day for two years; the others: 5 in the last two months.
    await tx.query(`insert into public.workouts (id, user_id, type, date, time, duration_min, created_at)
      select 'bwork-' || lpad(g::text, 6, '0') || '-' || d, ${uid('g')}, (array['strength','cardio','yoga','hiit'])[1 + (g + d) % 4],
             current_date - d, time '18:00', 60, now() - (d || ' days')::interval
      from generate_series(1, ${USERS}, ${ACTIVE_EVERY}) g cross join lateral generate_series(g % 4, 729, 4) d
      union all
      select 'bwork-' || lpad(g::text, 6, '0') || '-' || d, ${uid('g')}, (array['strength','cardio','yoga','hiit'])[1 + (g + d) % 4],
             current_date - d, time '18:00', 45, now() - (d || ' days')::interval
      from generate_series(1, ${USERS}) g cross join lateral generate_series(g % 12, 59, 12) d
      where g % ${ACTIVE_EVERY} <> 1`);
    await tx.query(`insert into public.activities (id, user_id, kind, workout_id, created_at)
      select 'workout:' || w.id, w.user_id, 'workout_planned', w.id,
             w.created_at - ((hashtext(w.id) & 1023) || ' minutes')::interval
      from public.workouts w where w.id like 'bwork-%'`);
    await tx.query(`insert into public.xp_events (user_id, source, source_id, amount, created_at)
      select w.user_id, 'workout_planned', w.user_id::text || ':' || w.date::text, 5, w.created_at
      from public.workouts w where w.id like 'bwork-%'
      on conflict do nothing`);
    // Level-ups in the feed: 24 for each active user over the two years, 2 for the others.
    await tx.query(`insert into public.activities (id, user_id, kind, level, created_at)
      select 'level:' || ${uid('g')}::text || ':' || k, ${uid('g')}, 'level_up', k,
             now() - ((730 - k * 29) || ' days')::interval
      from generate_series(1, ${USERS}, ${ACTIVE_EVERY}) g cross join generate_series(2, 25) k
      union all
      select 'level:' || ${uid('g')}::text || ':' || k, ${uid('g')}, 'level_up', k,
             now() - ((60 - k * 20) || ' days')::interval - ((g % 720) || ' minutes')::interval
      from generate_series(1, ${USERS}) g cross join generate_series(2, 3) k
      where g % ${ACTIVE_EVERY} <> 1`);
    // Presence: 60 of the reader's friends at the gym now (some checked out, some stale), and 400 others.
    await tx.query(`insert into public.check_ins (id, user_id, gym_id, checked_in_at, checked_out_at)
      select 'bcheckin-' || g, ${uid('g')}, '${GYM}', now() - ((g % 300) || ' minutes')::interval,
             case when g % 7 = 0 then now() else null end
      from generate_series(2, 61) g
      union all
      select 'bcheckin-' || g, ${uid('g')}, '${GYM}', now() - ((g % 200) || ' minutes')::interval, null
      from generate_series(1000, 1399) g
      union all
      select 'bcheckold-' || g, ${uid('g')}, '${GYM}', now() - ((1 + g % 30) || ' days')::interval,
             now() - ((1 + g % 30) || ' days')::interval + interval '1 hour'
      from generate_series(1, ${USERS}) g`);
  });
  // As autovacuum would have by now: statistics, and a visibility map for index-only scans.
  await engine.exec('vacuum analyze');
  const count = async (table: string) =>
    Number((await engine.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0);
  return {
    users: await count('public.profiles'),
    friendships: await count('public.friendships'),
    workouts: await count('public.workouts'),
    activities: await count('public.activities'),
    xpEvents: await count('public.xp_events'),
  };
}
