/**
 * What must hold on the server after quiet, read straight from its tables:
 * - XP, level and streaks are the pure functions (src/domain/levels.ts, streaks.ts) of the event log the
 *   server holds: profiles.xp = the sum of xp_events, the level from that sum, current_streak from the
 *   covered days (live workouts that cover their day, rest days) as of the day the server last judged,
 *   best_streak a record at least the best run of those days;
 * - no write applied twice: one XP award per (source, source_id), one flex per (sender, activity), one
 *   join request per (requester, workout), one friend request per (sender, receiver) still pending.
 */
import { levelFromTotalXp } from '../../../../src/domain/levels';
import { computeStreaks } from '../../../../src/domain/streaks';
import type { Emulator } from '../../../../supabase/emulator/src/start-emulator';

const rows = async <R>(emulator: Emulator, sql: string, params: unknown[]) =>
  (await emulator.engine.query<R>(sql, params)).rows;

/** Problems found for `userId` (empty: the invariants hold). */
export async function serverInvariantProblems(emulator: Emulator, userId: string): Promise<string[]> {
  const problems: string[] = [];
  const [profile] = await rows<{ xp: number; level: number; current_streak: number; best_streak: number }>(
    emulator,
    `select xp, level, current_streak, best_streak from public.profiles where id = $1`,
    [userId],
  );
  if (!profile) return [`no profile for ${userId}`];
  const [ledger] = await rows<{ total: number }>(
    emulator,
    `select coalesce(sum(amount), 0)::int as total from public.xp_events where user_id = $1`,
    [userId],
  );
  const total = ledger!.total;
  if (profile.xp !== total) problems.push(`xp ${profile.xp} != sum of xp_events ${total}`);
  const level = levelFromTotalXp(total).level;
  if (profile.level !== level) problems.push(`level ${profile.level} != levelFromTotalXp(${total}) ${level}`);

  const covered = await rows<{ day: string }>(
    emulator,
    `select date::text as day from public.workouts where user_id = $1 and not _deleted and covers_day
     union select day::text from public.rest_days where user_id = $1 and not _deleted`,
    [userId],
  );
  const [state] = await rows<{ judged_day: string | null; bridged: string[] | null }>(
    emulator,
    `select judged_day::text as judged_day, bridged_days::text[] as bridged
     from private.streak_state where user_id = $1`,
    [userId],
  );
  // The stored streak is the function at the day the server judged it last (a refresh on every write):
  // judging at the test's "now" would fail a seed that runs across midnight.
  if (state?.judged_day) {
    const streaks = computeStreaks({
      coveredDays: covered.map((c) => c.day),
      today: state.judged_day,
      bridgedDays: state.bridged ?? [],
    });
    if (profile.current_streak !== streaks.current)
      problems.push(`current_streak ${profile.current_streak} != computeStreaks ${streaks.current}`);
    if (profile.best_streak < streaks.best)
      problems.push(`best_streak ${profile.best_streak} < computeStreaks best ${streaks.best}`);
  } else if (covered.length > 0 && profile.current_streak !== 0) {
    problems.push(`streak ${profile.current_streak} without a judged day`);
  }

  const twice = async (what: string, sql: string) => {
    for (const r of await rows<{ k: string; n: number }>(emulator, sql, [userId]))
      problems.push(`${what} ${r.k} applied ${r.n} times`);
  };
  await twice(
    'xp award',
    `select source || ':' || source_id as k, count(*)::int as n from public.xp_events
     where user_id = $1 group by 1 having count(*) > 1`,
  );
  await twice(
    'flex',
    `select activity_id as k, count(*)::int as n from public.flexes
     where sender_id = $1 group by 1 having count(*) > 1`,
  );
  await twice(
    'join request',
    `select workout_id::text as k, count(*)::int as n from public.workout_join_requests
     where requester_id = $1 group by 1 having count(*) > 1`,
  );
  await twice(
    'pending friend request',
    `select receiver_id::text as k, count(*)::int as n from public.friend_requests
     where sender_id = $1 and status = 'pending' group by 1 having count(*) > 1`,
  );
  return problems;
}
