// Gives a bench user the data a real regular has, so the signed-in Lighthouse figure measures a home screen
// with something on it: 90 days of workouts (XP, a streak, achievements, activities through the tables'
// own triggers), a plan for today, and a friend with a week of workouts in the feed. Dates come from the
// database's clock (current_date), not a fixed day.
import type { Emulator } from '../../supabase/emulator/src/start-emulator';
import { createConfirmedUser } from './signed-in';

async function userIdOf(emulator: Emulator, email: string): Promise<string> {
  const rows = await emulator.engine.query<{ id: string }>('select id from auth.users where email = $1', [
    email,
  ]);
  const id = rows.rows[0]?.id;
  if (id === undefined) throw new Error(`bench web: no user ${email}`);
  return id;
}

async function insertWorkouts(emulator: Emulator, userId: string, days: number, tag: string): Promise<void> {
  await emulator.engine.query(
    `insert into public.workouts (id, user_id, type, preset, date, time, duration_min)
     select $2 || '-' || lpad(i::text, 4, '0'), $1,
            (array['strength','cardio','yoga','hiit'])[1 + i % 4],
            case when i % 4 = 0 then 'full_body' end,
            current_date - i, time '18:30', 45 + i % 30
     from generate_series(0, $3::int - 1) i`,
    [userId, tag, days],
  );
}

/** Makes a confirmed user with history and a friend; returns the user's e-mail. */
export async function userWithHistory(emulator: Emulator): Promise<string> {
  const email = await createConfirmedUser(emulator);
  const friendEmail = await createConfirmedUser(emulator);
  const [me, friend] = await Promise.all([userIdOf(emulator, email), userIdOf(emulator, friendEmail)]);
  await insertWorkouts(emulator, me, 90, `bench-me-${me.slice(0, 8)}`);
  await insertWorkouts(emulator, friend, 7, `bench-fr-${friend.slice(0, 8)}`);
  await emulator.engine.query(
    `insert into public.friendships (id, user_id, friend_id) values ($1 || ':' || $2, $1::uuid, $2::uuid), ($2 || ':' || $1, $2::uuid, $1::uuid)`,
    [me, friend],
  );
  return email;
}
