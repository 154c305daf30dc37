// What a refused write was, in words: a `sync:write.*` key and its values, read from the request (the RPC
// and its arguments, or the updated table) and, for names, from the local database (the gym, the
// workout's day). Anything unknown is "A change": the reason still shows.
import type { SpotterDatabase } from '@/db/types';
import { formatDay } from '@/lib/time-format';
import type { RefusedWrite } from './refused-writes';

export type WriteLabelKey =
  | 'checkIn'
  | 'checkInSomewhere'
  | 'checkOut'
  | 'checkOutSomewhere'
  | 'restDay'
  | 'challenge'
  | 'flex'
  | 'friendRequest'
  | 'friendRequestSomeone'
  | 'friendAnswer'
  | 'friendCancel'
  | 'friendRemove'
  | 'homeGyms'
  | 'joinRequest'
  | 'joinAnswer'
  | 'notificationRead'
  | 'notificationsReadAll'
  | 'notificationsDeleteAll'
  | 'profile'
  | 'profileDetails'
  | 'workout'
  | 'workoutSomeday'
  | 'settings'
  | 'other';

export interface WriteLabel {
  key: WriteLabelKey;
  values?: Record<string, string>;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

async function gymName(db: SpotterDatabase, gymId: string | null): Promise<string | null> {
  if (gymId === null) return null;
  return (await db.gyms.findOne(gymId).exec())?.name ?? null;
}

/** Labels needing no lookup, by RPC name. */
const BY_RPC: Readonly<Record<string, WriteLabelKey>> = {
  complete_daily_challenge: 'challenge',
  flex_activity: 'flex',
  respond_friend_request: 'friendAnswer',
  cancel_friend_request: 'friendCancel',
  remove_friend: 'friendRemove',
  set_home_gyms: 'homeGyms',
  request_join_workout: 'joinRequest',
  respond_join_request: 'joinAnswer',
  mark_all_notifications_read: 'notificationsReadAll',
  delete_all_notifications: 'notificationsDeleteAll',
  push_workouts: 'workoutSomeday',
  push_user_settings: 'settings',
};

async function workoutLabel(db: SpotterDatabase, id: string | null, locale: string): Promise<WriteLabel> {
  const workout = id === null ? null : await db.workouts.findOne(id).exec();
  return workout
    ? { key: 'workout', values: { date: formatDay(workout.date, locale) } }
    : { key: 'workoutSomeday' };
}

export async function describeWrite(
  db: SpotterDatabase,
  write: RefusedWrite,
  locale: string,
): Promise<WriteLabel> {
  const request = write.request;
  if (request === null) {
    // A refused push: the document itself names it.
    if (write.collection === 'workouts') return workoutLabel(db, write.docId, locale);
    if (write.collection === 'user_settings') return { key: 'settings' };
    return { key: 'other' };
  }
  if (request.type === 'update') {
    if (request.table === 'notifications') return { key: 'notificationRead' };
    if (request.table === 'profiles') return { key: 'profile' };
    if (request.table === 'profile_details') return { key: 'profileDetails' };
    return { key: 'other' };
  }
  const args = request.args;
  switch (request.fn) {
    case 'check_in': {
      const gym = await gymName(db, text(args.p_gym_id));
      return gym === null ? { key: 'checkInSomewhere' } : { key: 'checkIn', values: { gym } };
    }
    case 'check_out': {
      const checkInId = text(args.p_check_in_id);
      const checkIn = checkInId === null ? null : await db.check_ins.findOne(checkInId).exec();
      const gym = await gymName(db, checkIn?.gym_id ?? null);
      return gym === null ? { key: 'checkOutSomewhere' } : { key: 'checkOut', values: { gym } };
    }
    case 'confirm_rest_day': {
      const day = text(args.p_day);
      return day === null ? { key: 'other' } : { key: 'restDay', values: { date: formatDay(day, locale) } };
    }
    case 'add_friend_by_handle':
    case 'send_friend_request': {
      const handle = text(args.p_handle);
      return handle === null ? { key: 'friendRequestSomeone' } : { key: 'friendRequest', values: { handle } };
    }
    default:
      return { key: BY_RPC[request.fn] ?? 'other' };
  }
}
