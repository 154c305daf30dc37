import type { RxJsonSchema } from 'rxdb';
import { indexedInt, nullableText, nullableTimestamp, timestamp, uuid } from './fields';

/**
 * public.profiles: the signed-in user's own row plus the public profiles of friends (and of people the
 * other collections point at). Pull-only: xp, level and streaks are server-owned; the own-profile
 * command edits the user-owned columns optimistically and records an update intent (pending-writes.ts).
 * `timezone` is on the own row only: a friend's row comes without it (get_profile_rows; the zone follows
 * travel, so it is its owner's alone). v1 made it optional; v0 documents are valid as they are.
 */
export interface ProfileDoc {
  id: string;
  username: string;
  discriminator: string;
  slug: string;
  first_name: string | null;
  last_name: string | null;
  avatar_id: string | null;
  profile_picture_url: string | null;
  level: number;
  xp: number;
  current_streak: number;
  best_streak: number;
  current_gym_id: string | null;
  visibility: 'public' | 'friends' | 'private';
  /** The own row's zone; absent on friends' rows. */
  timezone?: string;
  last_active_at: string | null;
  created_at: string;
}

export const profileSchema: RxJsonSchema<ProfileDoc> = {
  title: 'profiles',
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: uuid,
    // Friends lists sort by name.
    username: { type: 'string', maxLength: 12 },
    discriminator: { type: 'string', maxLength: 4 },
    slug: { type: 'string', maxLength: 41 },
    first_name: nullableText(50),
    last_name: nullableText(50),
    avatar_id: nullableText(10),
    profile_picture_url: nullableText(2048),
    // Leaderboard-style lists of friends sort by level.
    level: indexedInt(1, 10000),
    xp: { type: 'integer', minimum: 0 },
    current_streak: { type: 'integer', minimum: 0 },
    best_streak: { type: 'integer', minimum: 0 },
    current_gym_id: nullableText(82),
    visibility: { type: 'string', enum: ['public', 'friends', 'private'] },
    timezone: { type: 'string', maxLength: 64 },
    last_active_at: nullableTimestamp,
    created_at: timestamp,
  },
  required: [
    'id',
    'username',
    'discriminator',
    'slug',
    'level',
    'xp',
    'current_streak',
    'best_streak',
    'visibility',
    'created_at',
  ],
  indexes: ['username', 'level'],
};
