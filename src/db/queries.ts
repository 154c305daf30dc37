/**
 * The live queries the screens use, in one place so that each is known to run on an index (the plan
 * test in queries.test.ts proves it; issue 5's local-write-to-UI target is one frame with a year of
 * data). Build them inside `useMemo`; RxDB also caches identical queries, so equal arguments give the
 * same RxQuery and the same live store (use-live-query.ts).
 *
 * Sorts start with the equality field of the index (`user_id`, ...) so that the index order is the
 * result order. RxDB re-sorts descending sorts in memory (its Dexie indexes are ascending only); the
 * index still limits the rows read to the equality prefix (the user's own rows).
 */
import type { SpotterDatabase } from './types';

export function workoutsInRange(db: SpotterDatabase, userId: string, from: string, to: string) {
  return db.workouts.find({
    selector: { user_id: userId, date: { $gte: from, $lte: to } },
    sort: [{ user_id: 'asc' }, { date: 'asc' }],
  });
}

export function restDaysInRange(db: SpotterDatabase, userId: string, from: string, to: string) {
  return db.rest_days.find({
    selector: { user_id: userId, day: { $gte: from, $lte: to } },
    sort: [{ user_id: 'asc' }, { day: 'asc' }],
  });
}

/** My latest check-in that is still open. */
export function openCheckIn(db: SpotterDatabase, userId: string) {
  return db.check_ins.findOne({
    selector: { user_id: userId, checked_out_at: null },
    sort: [{ user_id: 'desc' }, { checked_in_at: 'desc' }],
  });
}

/** Who is at a gym: open check-ins since `since` (the server's window is 3 hours). */
export function presentAtGym(db: SpotterDatabase, gymId: string, since: string) {
  return db.check_ins.find({
    selector: { gym_id: gymId, checked_in_at: { $gt: since }, checked_out_at: null },
    sort: [{ gym_id: 'desc' }, { checked_in_at: 'desc' }],
  });
}

export function homeGyms(db: SpotterDatabase, userId: string) {
  return db.home_gyms.find({
    selector: { user_id: userId },
    sort: [{ user_id: 'asc' }, { position: 'asc' }],
  });
}

export function gymsByName(db: SpotterDatabase) {
  return db.gyms.find({ sort: [{ name: 'asc' }] });
}

export function friendships(db: SpotterDatabase, userId: string) {
  return db.friendships.find({
    selector: { user_id: userId },
    sort: [{ user_id: 'desc' }, { created_at: 'desc' }],
  });
}

/** Profiles of the given users (friends), by name. */
export function profilesByName(db: SpotterDatabase, ids: readonly string[]) {
  return db.profiles.find({
    selector: { id: { $in: [...ids] } },
    sort: [{ username: 'asc' }],
  });
}

export function incomingFriendRequests(db: SpotterDatabase, userId: string) {
  return db.friend_requests.find({
    selector: { receiver_id: userId, status: 'pending' },
    sort: [{ receiver_id: 'desc' }, { status: 'desc' }, { created_at: 'desc' }],
  });
}

export function outgoingFriendRequests(db: SpotterDatabase, userId: string) {
  return db.friend_requests.find({
    selector: { sender_id: userId, status: 'pending' },
    sort: [{ sender_id: 'desc' }, { status: 'desc' }, { created_at: 'desc' }],
  });
}

export function pendingFriendRequestCount(db: SpotterDatabase, userId: string) {
  return db.friend_requests.count({ selector: { receiver_id: userId, status: 'pending' } });
}

export function notificationsNewestFirst(db: SpotterDatabase, userId: string, limit = 50) {
  return db.notifications.find({
    selector: { user_id: userId },
    sort: [{ user_id: 'desc' }, { created_at: 'desc' }],
    limit,
  });
}

export function unreadNotificationCount(db: SpotterDatabase, userId: string) {
  return db.notifications.count({ selector: { user_id: userId, is_read: false } });
}

/** My join requests (the Join buttons of the feed and the gym read their state from these). */
export function myJoinRequests(db: SpotterDatabase, userId: string) {
  return db.workout_join_requests.find({
    selector: { requester_id: userId },
    sort: [{ requester_id: 'asc' }, { workout_id: 'asc' }],
  });
}

/** Join requests for workouts of mine (the workout's Accept/Decline on /schedule). */
export function joinRequestsForMyWorkouts(
  db: SpotterDatabase,
  userId: string,
  workoutIds: readonly string[],
) {
  return db.workout_join_requests.find({
    selector: { owner_id: userId, workout_id: { $in: [...workoutIds] } },
    sort: [{ owner_id: 'asc' }, { workout_id: 'asc' }],
  });
}
