/**
 * The `weekly_leaderboard` local document (src/db/local-state.ts): the answer of get_weekly_leaderboard
 * (supabase/migrations/20261126160000_weekly_leaderboard.sql), fetched by LocalDocs and stored whole so
 * the card shows the last known board offline. The server decides the week (Monday in the viewer's
 * zone) from its own clock; the worker sends nothing.
 *
 * What makes it stale is local data arriving: my own xp_events (I earned XP), profiles (a friend's xp,
 * level or streak changed, my zone changed) and friendships (a friend added or removed). The worker
 * watches those collections in the local database, so pulls, realtime and intents all reach it without
 * each path knowing about the board.
 */
import type { DatabaseClient } from '../../src/db/database';
import { merge, type Subscription } from 'rxjs';
import {
  writeWeeklyLeaderboard,
  type LeaderboardRow,
  type WeeklyLeaderboard,
} from '../../src/db/local-state';
import type { SpotterDatabase } from '../../src/db/types';
import { classify } from './errors';

interface ServerRow extends LeaderboardRow {
  week_start: string;
}

export async function refreshLeaderboard(
  db: SpotterDatabase,
  client: DatabaseClient,
  now: () => Date,
  stopped: () => boolean,
): Promise<void> {
  const res = await client.rpc('get_weekly_leaderboard');
  if (res.error) throw classify(res.status, res.error);
  if (stopped() || db.closed) return;
  const rows = (res.data ?? []) as ServerRow[];
  const board: WeeklyLeaderboard = {
    week_start: rows[0]?.week_start ?? null,
    rows: rows.map(({ week_start: _week, ...row }) => ({
      ...row,
      week_xp: Number(row.week_xp),
      level: Number(row.level),
      current_streak: Number(row.current_streak),
      rank: Number(row.rank),
    })),
    fetched_at: now().toISOString(),
  };
  await writeWeeklyLeaderboard(db, board);
}

/** Calls `onChange` when a collection the board depends on changes locally; returns the unsubscribe. */
export function watchLeaderboardInputs(db: SpotterDatabase, onChange: () => void): () => void {
  const { xp_events, profiles, friendships } = db.collections;
  const streams = [xp_events, profiles, friendships].filter((c) => c !== undefined).map((c) => c.$);
  if (streams.length === 0) return () => undefined;
  const sub: Subscription = merge(...streams).subscribe(() => onChange());
  return () => sub.unsubscribe();
}
