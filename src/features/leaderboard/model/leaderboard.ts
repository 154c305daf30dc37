// The friends' weekly leaderboard as the card shows it: the board the sync worker stored (the server's
// answer, src/db/local-state.ts) with my own row recomputed from local data, so it moves the moment I
// earn XP, offline too. Pure: the clock, zone and data come in as arguments.
import type { LeaderboardRow, WeeklyLeaderboard } from '@/db/local-state';
import { startOfWeek, todayIn } from '@/domain/dates';

export interface OwnXpEvent {
  amount: number;
  created_at: string;
}

/** This week's Monday in `zone` at `now` (the server's rule: Monday 00:00 in the viewer's zone). */
export function currentWeekStart(zone: string, now: Date): string {
  return startOfWeek(todayIn(zone, now), 1);
}

/** XP of the events made on or after `weekStart` (a day in `zone`). */
export function weekXpSince(events: readonly OwnXpEvent[], zone: string, weekStart: string): number {
  let sum = 0;
  for (const e of events) {
    if (todayIn(zone, new Date(e.created_at)) >= weekStart) sum += e.amount;
  }
  return sum;
}

export interface OwnRowInput {
  userId: string;
  /** My XP this week from the local ledger plus local writes not yet awarded (pendingXp). */
  weekXp: number;
  /** My profile as stored locally (fresher than the board's copy); null while it loads. */
  profile: Pick<
    LeaderboardRow,
    'username' | 'discriminator' | 'slug' | 'avatar_id' | 'profile_picture_url' | 'level' | 'current_streak'
  > | null;
}

export interface LeaderboardView {
  rows: LeaderboardRow[];
  /** My row (null only before my profile and the board are known). */
  me: LeaderboardRow | null;
  /** The week this view counts: this week's Monday in my zone. */
  weekStart: string;
  /** The stored board is from an earlier week: friends' XP is shown as 0 until the next fetch. */
  weekTurned: boolean;
  /** When the server's answer was fetched (null: never). */
  fetchedAt: string | null;
  /** Nobody but me on the board. */
  noFriends: boolean;
}

/** Equal XP share a rank (1, 1, 3); then by username and id, as the server orders them. */
export function rankRows(rows: readonly LeaderboardRow[]): LeaderboardRow[] {
  const sorted = [...rows].sort(
    (a, b) =>
      b.week_xp - a.week_xp ||
      (a.username < b.username ? -1 : a.username > b.username ? 1 : 0) ||
      (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0),
  );
  return sorted.map((row) => ({ ...row, rank: 1 + sorted.filter((o) => o.week_xp > row.week_xp).length }));
}

export function leaderboardView(
  stored: WeeklyLeaderboard | null,
  own: OwnRowInput,
  weekStart: string,
): LeaderboardView {
  const weekTurned = stored?.week_start != null && stored.week_start !== weekStart;
  const friends = (stored?.rows ?? [])
    .filter((r) => r.user_id !== own.userId)
    .map((r) => (weekTurned ? { ...r, week_xp: 0 } : r));
  const storedMe = stored?.rows.find((r) => r.user_id === own.userId) ?? null;
  // The server's sum can be ahead of the local ledger for a moment (not pulled yet), never behind it
  // for long; the larger of the two is the best local estimate.
  const serverXp = storedMe && !weekTurned ? storedMe.week_xp : 0;
  const base = own.profile ?? storedMe;
  const me: LeaderboardRow | null = base
    ? {
        user_id: own.userId,
        username: base.username,
        discriminator: base.discriminator,
        slug: base.slug,
        avatar_id: base.avatar_id,
        profile_picture_url: base.profile_picture_url,
        level: base.level,
        current_streak: base.current_streak,
        week_xp: Math.max(serverXp, own.weekXp),
        rank: 1,
        is_me: true,
      }
    : null;
  const rows = rankRows(me ? [...friends, me] : friends);
  return {
    rows,
    me: rows.find((r) => r.is_me) ?? null,
    weekStart,
    weekTurned,
    fetchedAt: stored?.fetched_at ?? null,
    noFriends: friends.length === 0,
  };
}

/** The home card: the top three, and my row apart when I am not among them. */
export function topWithMe(
  view: LeaderboardView,
  size = 3,
): { top: LeaderboardRow[]; meBelow: LeaderboardRow | null } {
  const top = view.rows.slice(0, size);
  const meBelow = view.me && !top.some((r) => r.is_me) ? view.me : null;
  return { top, meBelow };
}
