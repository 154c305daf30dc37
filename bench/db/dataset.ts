/**
 * The benchmark dataset, generated in SQL: 10,000 users, 100,000 workouts, 200,000 activities, about
 * 200,000 friendship rows (every user has ~20 friends, the "reader" has 200), and check-ins at one gym.
 * Loaded with session_replication_role = replica, so the per-row triggers (XP, feed, notifications) do
 * not run: the rows are written as those triggers would leave them, and `analyze` refreshes statistics.
 */
import type { Engine } from '../../supabase/emulator/src/db/engine';

export const USERS = 10_000;
export const READER_FRIENDS = 200;
export const GYM = 'de-berlin-mcfit-alexanderplatz';

/** The uuid of bench user n (1-based): deterministic, so queries can name users. */
export const userId = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

const uid = (expr: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;

export async function loadDataset(engine: Engine): Promise<void> {
  await engine.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(`insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
      select ${uid('g')}, 'authenticated', 'authenticated', 'bench' || g || '@example.test', '{}', now(), now()
      from generate_series(1, ${USERS}) g`);
    // Visibility mix: 60 % public, 30 % friends, 10 % private.
    await tx.query(`insert into public.profiles (id, username, discriminator, slug, level, xp, visibility, last_active_at)
      select ${uid('g')}, 'user' || g, lpad((g % 10000)::text, 4, '0'), 'user' || g || '-' || lpad((g % 10000)::text, 4, '0'),
             1 + g % 30, (g % 30) * 500,
             case when g % 10 < 6 then 'public' when g % 10 < 9 then 'friends' else 'private' end, now()
      from generate_series(1, ${USERS}) g`);
    await tx.query(`update public.profiles set visibility = 'public' where id = ${uid('1')}`);
    // Ring friendships: user g with g+1 .. g+10 (both directions), then the reader (user 1) with 2..201.
    await tx.query(`insert into public.friendships (id, user_id, friend_id, created_at)
      select a::text || ':' || b::text, a, b, now() - (k || ' days')::interval
      from (select ${uid('g')} as a, ${uid(`((g - 1 + k) % ${USERS}) + 1`)} as b, k
            from generate_series(1, ${USERS}) g, generate_series(1, 10) k) p
      union all
      select b::text || ':' || a::text, b, a, now() - (k || ' days')::interval
      from (select ${uid('g')} as a, ${uid(`((g - 1 + k) % ${USERS}) + 1`)} as b, k
            from generate_series(1, ${USERS}) g, generate_series(1, 10) k) p
      on conflict (id) do nothing`);
    await tx.query(`insert into public.friendships (id, user_id, friend_id)
      select x.a::text || ':' || x.b::text, x.a, x.b
      from (select ${uid('1')} as a, ${uid('g')} as b from generate_series(2, ${READER_FRIENDS + 1}) g
            union all select ${uid('g')}, ${uid('1')} from generate_series(2, ${READER_FRIENDS + 1}) g) x
      on conflict (id) do nothing`);
    // 10 workouts per user over 60 days, and 20 activities per user (the workouts' plus others).
    await tx.query(`insert into public.workouts (id, user_id, type, date, time, duration_min, created_at)
      select 'bwork-' || lpad(g::text, 5, '0') || '-' || k, ${uid('g')}, (array['strength','cardio','yoga','hiit'])[1 + k % 4],
             current_date - (k * 6 + g % 6), '18:00', 60, now() - ((k * 6 + g % 6) || ' days')::interval
      from generate_series(1, ${USERS}) g, generate_series(1, 10) k`);
    await tx.query(`insert into public.activities (id, user_id, kind, workout_id, created_at)
      select 'workout:bwork-' || lpad(g::text, 5, '0') || '-' || k, ${uid('g')}, 'workout_planned', 'bwork-' || lpad(g::text, 5, '0') || '-' || k,
             now() - ((k * 6 + g % 6) || ' days')::interval - ((g % 1440) || ' minutes')::interval
      from generate_series(1, ${USERS}) g, generate_series(1, 10) k`);
    await tx.query(`insert into public.activities (id, user_id, kind, level, created_at)
      select 'level:' || g || ':' || k, ${uid('g')}, 'level_up', k,
             now() - ((k * 5 + g % 5) || ' days')::interval - ((g % 720) || ' minutes')::interval
      from generate_series(1, ${USERS}) g, generate_series(1, 10) k`);
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
}
