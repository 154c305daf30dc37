// A profile as /u/{slug} and /p/{id} show it: `get_public_profile` (the server applies the visibility:
// no row for an unknown or hidden user) and, for members, `get_public_activity`. A signed-out visitor asks
// the server with the anon key; a signed-in one through the sync worker (its token). Offline, a friend's
// or the own profile comes from the replicated `profiles` collection instead (no achievements or activity
// there: those are never replicated).
import type { SpotterDatabase } from '@/db/types';
import { CLIENT_INFO } from '@/domain/constants';
import { backendConfig } from '@/lib/backend-config';
import type { FriendRpc } from './friend-actions';

export type ProfileRef = { slug: string } | { id: string };

export type FriendshipStatus = 'none' | 'self' | 'friend' | 'request_sent' | 'request_received';

export interface PublicProfile {
  id: string;
  username: string;
  discriminator: string;
  slug: string;
  avatar_id: string | null;
  profile_picture_url: string | null;
  level: number;
  current_streak: number;
  best_streak: number;
  achievement_ids: string[];
  friendship_status: FriendshipStatus;
}

export interface ActivityItem {
  id: string;
  kind: string;
  created_at: string;
  workout_type: string | null;
  achievement_id: string | null;
  level: number | null;
  gym_name: string | null;
  friend_username: string | null;
  /** The planned workout (Join's target); null when there is none or the viewer may not see it. */
  workout_id: string | null;
  workout_date: string | null;
  workout_time: string | null;
  flex_count: number;
  flexed_by_me: boolean;
}

export type PublicProfileState =
  | { status: 'loading' }
  | { status: 'notFound' }
  /** The server could not be asked (offline) and nothing local may be shown. */
  | { status: 'unavailable' }
  | { status: 'found'; profile: PublicProfile; activity: ActivityItem[] | null; fromDevice: boolean };

type RpcAnswer = { ok: true; data: unknown } | { ok: false; status: number };

const STATUSES: readonly FriendshipStatus[] = ['none', 'self', 'friend', 'request_sent', 'request_received'];

export function toPublicProfile(row: unknown): PublicProfile | null {
  if (typeof row !== 'object' || row === null) return null;
  const r = row as Record<string, unknown>;
  if (typeof r.id !== 'string' || typeof r.username !== 'string' || typeof r.discriminator !== 'string')
    return null;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: r.id,
    username: r.username,
    discriminator: r.discriminator,
    slug: str(r.slug) ?? '',
    avatar_id: str(r.avatar_id),
    profile_picture_url: str(r.profile_picture_url),
    level: num(r.level) || 1,
    current_streak: num(r.current_streak),
    best_streak: num(r.best_streak),
    achievement_ids: Array.isArray(r.achievement_ids)
      ? r.achievement_ids.filter((a) => typeof a === 'string')
      : [],
    friendship_status: STATUSES.includes(r.friendship_status as FriendshipStatus)
      ? (r.friendship_status as FriendshipStatus)
      : 'none',
  };
}

function toActivity(rows: unknown): ActivityItem[] {
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row: unknown) => {
    if (typeof row !== 'object' || row === null) return [];
    const r = row as Record<string, unknown>;
    if (typeof r.id !== 'string' || typeof r.kind !== 'string' || typeof r.created_at !== 'string') return [];
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    return [
      {
        id: r.id,
        kind: r.kind,
        created_at: r.created_at,
        workout_type: str(r.workout_type),
        achievement_id: str(r.achievement_id),
        level: typeof r.level === 'number' ? r.level : null,
        gym_name: str(r.gym_name),
        friend_username: str(r.friend_username),
        workout_id: str(r.workout_id),
        workout_date: str(r.workout_date),
        workout_time: str(r.workout_time),
        flex_count: typeof r.flex_count === 'number' && r.flex_count > 0 ? r.flex_count : 0,
        flexed_by_me: r.flexed_by_me === true,
      },
    ];
  });
}

const refArgs = (ref: ProfileRef) => ('slug' in ref ? { p_slug: ref.slug } : { p_id: ref.id });

/** POST /rest/v1/rpc/<fn> as the anon role (a visitor has no session and no sync worker). */
async function anonRpc(name: string, args: Record<string, unknown>): Promise<RpcAnswer> {
  const { url, anonKey } = backendConfig();
  try {
    const res = await fetch(`${url}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: {
        apikey: anonKey,
        Authorization: `Bearer ${anonKey}`,
        'Content-Type': 'application/json',
        'X-Client-Info': CLIENT_INFO,
      },
      body: JSON.stringify(args),
    });
    if (!res.ok) return { ok: false, status: res.status };
    return { ok: true, data: (await res.json()) as unknown };
  } catch {
    return { ok: false, status: 0 };
  }
}

const firstRow = (data: unknown) => (Array.isArray(data) ? (data[0] as unknown) : data);

/** A signed-out visitor's view: the card only (activity is for members). */
export async function loadAsVisitor(ref: ProfileRef): Promise<PublicProfileState> {
  const answer = await anonRpc('get_public_profile', refArgs(ref));
  if (!answer.ok) return { status: 'unavailable' };
  const profile = toPublicProfile(firstRow(answer.data));
  return profile ? { status: 'found', profile, activity: null, fromDevice: false } : { status: 'notFound' };
}

export interface MemberSource {
  sync: Pick<FriendRpc, 'rpc'>;
  db: SpotterDatabase;
  userId: string;
}

/** A signed-in member's view: the server's answer, or offline the local row of a friend or of myself. */
export async function loadAsMember(ref: ProfileRef, source: MemberSource): Promise<PublicProfileState> {
  const answer = await source.sync.rpc('get_public_profile', refArgs(ref));
  if (answer.ok) {
    const profile = toPublicProfile(firstRow(answer.data));
    if (!profile) return { status: 'notFound' };
    const activity = await source.sync.rpc('get_public_activity', { p_id: profile.id, p_limit: 10 });
    return {
      status: 'found',
      profile,
      activity: activity.ok ? toActivity(activity.data) : [],
      fromDevice: false,
    };
  }
  if (answer.error.status !== 0) return { status: 'unavailable' };
  return loadFromDevice(ref, source);
}

/** Offline: only the own row and friends' rows are replicated, and only those may be shown from here. */
export async function loadFromDevice(
  ref: ProfileRef,
  { db, userId }: MemberSource,
): Promise<PublicProfileState> {
  const doc =
    'id' in ref
      ? await db.profiles.findOne(ref.id.toLowerCase()).exec()
      : await db.profiles.findOne({ selector: { slug: ref.slug.trim().toLowerCase() } }).exec();
  if (!doc) return { status: 'unavailable' };
  const self = doc.id === userId;
  const friendship = self ? null : await db.friendships.findOne(`${userId}:${doc.id}`).exec();
  const friend = friendship !== null;
  if (!self && !friend) return { status: 'unavailable' };
  // A friend who turned private is hidden by the server; the local copy must not outlive that.
  if (!self && doc.visibility === 'private') return { status: 'unavailable' };
  return {
    status: 'found',
    fromDevice: true,
    activity: null,
    profile: {
      id: doc.id,
      username: doc.username,
      discriminator: doc.discriminator,
      slug: doc.slug,
      avatar_id: doc.avatar_id,
      profile_picture_url: doc.profile_picture_url,
      level: doc.level,
      current_streak: doc.current_streak,
      best_streak: doc.best_streak,
      achievement_ids: [],
      friendship_status: self ? 'self' : 'friend',
    },
  };
}
