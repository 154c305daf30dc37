/**
 * Device-local and cached state kept in database-level local documents (not collections: the free
 * RxDB build allows 13 collections per realm, and none of these needs queries or replication):
 *
 * - `sync_meta`: written by the sync worker: last completed sync, last replication error.
 * - `feed_window`: the latest page of `get_feed` (an online-only RPC: rows joined with names, flex
 *   counts), replaced whole by the worker, read offline by the feed screen.
 * - `daily_challenge`: today's (UTC) challenge from `get_daily_challenge` and whether it is completed,
 *   refreshed by the worker (and live when a completion for today arrives).
 * - `profile_details`: the owner-only public.profile_details row (personal details for the profile
 *   form), pulled by the worker; edited through an update intent (commands/profile-details.ts).
 * - `weekly_leaderboard`: the last answer of `get_weekly_leaderboard` (me and my friends ranked by XP since
 *   Monday in my zone), replaced whole by the worker, read offline by the leaderboard card.
 * - `pending_writes`: see pending-writes.ts.
 *
 * All writes go through modifyLocal (safe across the page and the worker).
 */
import { map, type Observable } from 'rxjs';
import { localData$, modifyLocal, readLocal } from './local-doc';
import type { WriteError } from './pending-writes';
import type { SpotterDatabase } from './types';

export const SYNC_META_ID = 'sync_meta';
export const PROFILE_DETAILS_ID = 'profile_details';
export const FEED_WINDOW_ID = 'feed_window';
export const DAILY_CHALLENGE_ID = 'daily_challenge';
export const WEEKLY_LEADERBOARD_ID = 'weekly_leaderboard';

export interface SyncMeta {
  /** When the leader last completed a pull of every collection (a resync). */
  last_synced_at: string | null;
  /** The latest replication or realtime error; cleared by the next successful sync. */
  last_error: WriteError | null;
  /**
   * A device's first sync: how many of its collections have been pulled to the end (null once every one
   * has, and on devices written before this field existed).
   */
  first_pull?: FirstPullProgress | null;
}
export interface FirstPullProgress {
  done: number;
  total: number;
}
export const emptySyncMeta = (): SyncMeta => ({ last_synced_at: null, last_error: null, first_pull: null });

/** One row of `get_feed` (supabase/migrations ..._rpc_reads_and_push.sql), as returned. */
export interface FeedItem {
  id: string;
  user_id: string;
  kind: string;
  workout_id: string | null;
  gym_id: string | null;
  achievement_id: string | null;
  friend_id: string | null;
  challenge_id: string | null;
  level: number | null;
  created_at: string;
  username: string;
  discriminator: string;
  slug: string;
  avatar_id: string | null;
  profile_picture_url: string | null;
  workout_type: string | null;
  workout_title: string | null;
  workout_date: string | null;
  workout_time: string | null;
  gym_name: string | null;
  achievement_name: string | null;
  friend_username: string | null;
  flex_count: number;
  flexed_by_me: boolean;
}
/** get_feed's page size (the sync worker's first page and each "load more"). */
export const FEED_PAGE_SIZE = 20;

export interface FeedWindow {
  items: FeedItem[];
  fetched_at: string | null;
  /**
   * Whether get_feed may hold rows older than the window's last one: false once a read came back shorter
   * than it asked for. Absent in a window stored before this field: see `feedHasMore`.
   */
  more?: boolean;
}

/** "Load more" is offered only when there may be more: a short (or empty) last page means there is not. */
export function feedHasMore(window: FeedWindow): boolean {
  return window.items.length > 0 && (window.more ?? window.items.length >= FEED_PAGE_SIZE);
}

export interface DailyChallengeState {
  /** The completion id the database uses for this user and day: "<user>:<UTC date>". */
  id: string;
  /** The UTC date the challenge belongs to (domain/challenge-date.ts). */
  date: string;
  challenge_id: string;
  name: string;
  description: string | null;
  points: number;
  completed: boolean;
}

function local$<T extends object>(db: SpotterDatabase, id: string, empty: T): Observable<T> {
  return localData$<T>(db, id).pipe(map((data) => data ?? empty));
}

export const syncMeta$ = (db: SpotterDatabase) => local$(db, SYNC_META_ID, emptySyncMeta());

/**
 * Whether this device has ever completed a pull of every collection. A device that has not (a new device,
 * or one whose data was cleared) has nothing of the user's to show until the sync worker pulls.
 */
export async function hasCompletedSync(db: SpotterDatabase): Promise<boolean> {
  const meta = await readLocal<SyncMeta>(db, SYNC_META_ID);
  return meta?.last_synced_at != null;
}

export function updateSyncMeta(db: SpotterDatabase, patch: Partial<SyncMeta>): Promise<SyncMeta> {
  return modifyLocal(db, SYNC_META_ID, emptySyncMeta, (s) => ({ ...s, ...patch }));
}

export const feedWindow$ = (db: SpotterDatabase) =>
  local$<FeedWindow>(db, FEED_WINDOW_ID, { items: [], fetched_at: null });

export function writeFeedWindow(db: SpotterDatabase, window: FeedWindow): Promise<FeedWindow> {
  return modifyLocal(
    db,
    FEED_WINDOW_ID,
    () => window,
    () => window,
  );
}

/** One row of `get_weekly_leaderboard` (supabase/migrations/20261126160000_weekly_leaderboard.sql). */
export interface LeaderboardRow {
  user_id: string;
  username: string;
  discriminator: string;
  slug: string;
  avatar_id: string | null;
  profile_picture_url: string | null;
  level: number;
  current_streak: number;
  week_xp: number;
  rank: number;
  is_me: boolean;
}
export interface WeeklyLeaderboard {
  /** The Monday (in the viewer's zone when fetched) the server counted from; null before the first fetch. */
  week_start: string | null;
  rows: LeaderboardRow[];
  fetched_at: string | null;
}
export const weeklyLeaderboard$ = (db: SpotterDatabase): Observable<WeeklyLeaderboard | null> =>
  localData$<WeeklyLeaderboard>(db, WEEKLY_LEADERBOARD_ID);

export function writeWeeklyLeaderboard(
  db: SpotterDatabase,
  board: WeeklyLeaderboard,
): Promise<WeeklyLeaderboard> {
  return modifyLocal(
    db,
    WEEKLY_LEADERBOARD_ID,
    () => board,
    () => board,
  );
}

export const dailyChallenge$ = (db: SpotterDatabase): Observable<DailyChallengeState | null> =>
  localData$<DailyChallengeState>(db, DAILY_CHALLENGE_ID);

export function writeDailyChallenge(
  db: SpotterDatabase,
  state: DailyChallengeState,
): Promise<DailyChallengeState> {
  return modifyLocal(
    db,
    DAILY_CHALLENGE_ID,
    () => state,
    () => state,
  );
}

/** public.profile_details (owner-only; numeric columns arrive as numbers). */
export interface ProfileDetails {
  id: string;
  birth_date: string | null;
  gender: string | null;
  height_cm: number | null;
  weight_kg: number | null;
  target_weight_kg: number | null;
  primary_goal: string | null;
  secondary_goal: string | null;
  preferred_workout_time: string | null;
  workout_duration_min: number | null;
  fitness_level: 'beginner' | 'intermediate' | 'advanced' | 'expert' | null;
  phone: string | null;
}

export const profileDetails$ = (db: SpotterDatabase): Observable<ProfileDetails | null> =>
  localData$<ProfileDetails>(db, PROFILE_DETAILS_ID);

/** The worker stores the pulled row (with pending patches overlaid: overlayPending). */
export function writeProfileDetails(db: SpotterDatabase, details: ProfileDetails): Promise<ProfileDetails> {
  return modifyLocal(
    db,
    PROFILE_DETAILS_ID,
    () => details,
    () => details,
  );
}
