import type { MigrationStrategies, RxCollectionCreator } from 'rxdb';
import type { FunctionName } from '../database';
import { threeWayMergeHandler } from '../conflict-handler';
import { checkInSchema, type CheckInDoc } from './check-ins';
import { friendRequestSchema, type FriendRequestDoc } from './friend-requests';
import { friendshipSchema, type FriendshipDoc } from './friendships';
import { gymSchema, type GymDoc } from './gyms';
import { homeGymSchema, type HomeGymDoc } from './home-gyms';
import { notificationSchema, type NotificationDoc } from './notifications';
import { profileSchema, type ProfileDoc } from './profiles';
import { restDaySchema, type RestDayDoc } from './rest-days';
import { userSettingsSchema, type UserSettingsDoc } from './user-settings';
import { joinRequestSchema, type JoinRequestDoc } from './workout-join-requests';
import { workoutSchema, type WorkoutDoc } from './workouts';
import { xpEventSchema, type XpEventDoc } from './xp-events';

/** Document type per collection; the collection name is the Postgres table name. */
export interface DocTypes {
  profiles: ProfileDoc;
  user_settings: UserSettingsDoc;
  workouts: WorkoutDoc;
  rest_days: RestDayDoc;
  check_ins: CheckInDoc;
  home_gyms: HomeGymDoc;
  gyms: GymDoc;
  friendships: FriendshipDoc;
  friend_requests: FriendRequestDoc;
  notifications: NotificationDoc;
  xp_events: XpEventDoc;
  workout_join_requests: JoinRequestDoc;
}
export type CollectionName = keyof DocTypes;

/**
 * How each collection reaches the server (the sync worker builds its replications from this):
 * - 'push': client-owned, replicated both ways, pushed in batches with the named RPC;
 * - 'pull': server-owned or written through intent RPCs; replicated pull-only.
 */
/** The batched push RPCs (`push_<collection>`) of the generated schema. */
export type PushRpc = Extract<FunctionName, `push_${string}`>;

export const REPLICATION: Record<CollectionName, { mode: 'push'; rpc: PushRpc } | { mode: 'pull' }> = {
  profiles: { mode: 'pull' },
  user_settings: { mode: 'push', rpc: 'push_user_settings' },
  workouts: { mode: 'push', rpc: 'push_workouts' },
  rest_days: { mode: 'pull' },
  check_ins: { mode: 'pull' },
  home_gyms: { mode: 'pull' },
  gyms: { mode: 'pull' },
  friendships: { mode: 'pull' },
  friend_requests: { mode: 'pull' },
  notifications: { mode: 'pull' },
  xp_events: { mode: 'pull' },
  workout_join_requests: { mode: 'pull' },
};

/**
 * Migration strategies per collection, keyed by the schema version they migrate TO. A schema change bumps `version` and adds `n: (oldDoc) => newDoc`
 * here, the one place both realms read (the migration runs its own election, so both must agree).
 */
export const MIGRATION_STRATEGIES: Record<CollectionName, MigrationStrategies> = {
  // v1 made `timezone` optional (friends' rows come without it): every v0 document is valid as it is.
  profiles: { 1: (doc: unknown) => doc },
  user_settings: {},
  workouts: {},
  rest_days: {},
  check_ins: {},
  home_gyms: {},
  gyms: {},
  friendships: {},
  friend_requests: {},
  // v1 only widened the `type` enum: every v0 document is valid as it is.
  notifications: { 1: (doc: unknown) => doc },
  xp_events: {},
  workout_join_requests: {},
};

type Creators = { [K in CollectionName]: RxCollectionCreator<DocTypes[K]> };

/** The collection set both realms open: same schemas, strategies and conflict handlers. */
export const COLLECTIONS: Creators = {
  profiles: { schema: profileSchema, migrationStrategies: MIGRATION_STRATEGIES.profiles },
  user_settings: {
    schema: userSettingsSchema,
    migrationStrategies: MIGRATION_STRATEGIES.user_settings,
    conflictHandler: threeWayMergeHandler<UserSettingsDoc>([
      'theme',
      'language',
      'push_enabled',
      'haptics_enabled',
      'sound_enabled',
      'walkthrough_done',
    ]),
  },
  workouts: {
    schema: workoutSchema,
    migrationStrategies: MIGRATION_STRATEGIES.workouts,
    conflictHandler: threeWayMergeHandler<WorkoutDoc>([
      'type',
      'preset',
      'title',
      'date',
      'time',
      'duration_min',
      'notes',
      'reminder_min',
    ]),
  },
  rest_days: { schema: restDaySchema, migrationStrategies: MIGRATION_STRATEGIES.rest_days },
  check_ins: { schema: checkInSchema, migrationStrategies: MIGRATION_STRATEGIES.check_ins },
  home_gyms: { schema: homeGymSchema, migrationStrategies: MIGRATION_STRATEGIES.home_gyms },
  gyms: { schema: gymSchema, migrationStrategies: MIGRATION_STRATEGIES.gyms },
  friendships: { schema: friendshipSchema, migrationStrategies: MIGRATION_STRATEGIES.friendships },
  friend_requests: {
    schema: friendRequestSchema,
    migrationStrategies: MIGRATION_STRATEGIES.friend_requests,
  },
  notifications: {
    schema: notificationSchema,
    migrationStrategies: MIGRATION_STRATEGIES.notifications,
  },
  xp_events: { schema: xpEventSchema, migrationStrategies: MIGRATION_STRATEGIES.xp_events },
  workout_join_requests: {
    schema: joinRequestSchema,
    migrationStrategies: MIGRATION_STRATEGIES.workout_join_requests,
  },
};

export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

export type {
  CheckInDoc,
  FriendRequestDoc,
  FriendshipDoc,
  GymDoc,
  HomeGymDoc,
  JoinRequestDoc,
  NotificationDoc,
  ProfileDoc,
  RestDayDoc,
  UserSettingsDoc,
  WorkoutDoc,
  XpEventDoc,
};
