import type { FeedItem } from '../../../src/db/local-state';

/** A get_feed row for tests: a rest day of `userId`, five minutes before `now`. */
export function feedItem(userId: string, overrides: Partial<FeedItem> = {}, now = Date.now()): FeedItem {
  return {
    id: `rest_day_confirmed:${userId}`,
    user_id: userId,
    kind: 'rest_day_confirmed',
    workout_id: null,
    gym_id: null,
    achievement_id: null,
    friend_id: null,
    challenge_id: null,
    level: null,
    created_at: new Date(now - 5 * 60_000).toISOString(),
    username: 'marco',
    discriminator: '0007',
    slug: 'marco-0007',
    avatar_id: 'avatar2',
    profile_picture_url: null,
    workout_type: null,
    workout_title: null,
    workout_date: null,
    workout_time: null,
    gym_name: null,
    achievement_name: null,
    friend_username: null,
    flex_count: 0,
    flexed_by_me: false,
    ...overrides,
  };
}
