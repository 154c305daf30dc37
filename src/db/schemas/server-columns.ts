// The synced collections against the server schema (src/db/database.types.ts, generated from the
// migrations). SERVER_COLUMNS mirrors each table's generated `Row` type as values, and the compiler keeps
// the two equal (a column added, dropped or changed in a migration fails typecheck until it is updated
// here), so schema-alignment.test.ts can compare the RxDB JSON schemas with the server at run time.
// OMITTED_COLUMNS names every server column a collection leaves out on purpose, with the reason.
import type { Tables } from '../database';
import type { CollectionName, DocTypes } from './index';

/** A column as PostgREST sends it: a JSON type, `| null` when the column is nullable. */
export type ColumnKind = `${BaseKind}` | `${BaseKind} | null`;
type BaseKind = 'string' | 'number' | 'boolean' | 'array' | 'json';

type Base<T> = [T] extends [string]
  ? 'string'
  : [T] extends [number]
    ? 'number'
    : [T] extends [boolean]
      ? 'boolean'
      : [T] extends [readonly unknown[]]
        ? 'array'
        : 'json';

/** The kind of a generated column type (`Json` columns are 'json'). */
export type KindOf<T> = null extends T ? `${Base<Exclude<T, null>>} | null` : Base<T>;

type ColumnsOf<C extends CollectionName> = { [K in keyof Tables<C>]-?: KindOf<Tables<C>[K]> };

export const SERVER_COLUMNS: { [C in CollectionName]: ColumnsOf<C> } = {
  profiles: {
    _deleted: 'boolean',
    _modified: 'string',
    avatar_id: 'string | null',
    best_streak: 'number',
    created_at: 'string',
    current_gym_id: 'string | null',
    current_streak: 'number',
    discriminator: 'string',
    first_name: 'string | null',
    id: 'string',
    last_active_at: 'string | null',
    last_name: 'string | null',
    level: 'number',
    profile_picture_url: 'string | null',
    slug: 'string',
    timezone: 'string',
    username: 'string',
    visibility: 'string',
    xp: 'number',
  },
  user_settings: {
    _deleted: 'boolean',
    _modified: 'string',
    haptics_enabled: 'boolean',
    id: 'string',
    language: 'string',
    push_enabled: 'boolean',
    sound_enabled: 'boolean',
    theme: 'string',
    user_id: 'string',
    walkthrough_done: 'boolean',
  },
  workouts: {
    _deleted: 'boolean',
    _modified: 'string',
    covers_day: 'boolean',
    created_at: 'string',
    date: 'string',
    duration_min: 'number | null',
    id: 'string',
    joined_from: 'string | null',
    notes: 'string | null',
    preset: 'string | null',
    reminder_min: 'number | null',
    time: 'string | null',
    title: 'string | null',
    type: 'string',
    user_id: 'string',
  },
  rest_days: {
    _deleted: 'boolean',
    _modified: 'string',
    confirmed_at: 'string',
    day: 'string',
    id: 'string',
    user_id: 'string',
  },
  check_ins: {
    _deleted: 'boolean',
    _modified: 'string',
    checked_in_at: 'string',
    checked_out_at: 'string | null',
    created_at: 'string',
    gym_id: 'string',
    id: 'string',
    user_id: 'string',
  },
  home_gyms: {
    _deleted: 'boolean',
    _modified: 'string',
    created_at: 'string',
    gym_id: 'string',
    id: 'string',
    position: 'number',
    user_id: 'string',
  },
  gyms: {
    _deleted: 'boolean',
    _modified: 'string',
    address: 'string',
    city: 'string',
    country: 'string',
    created_at: 'string',
    id: 'string',
    latitude: 'number',
    longitude: 'number',
    name: 'string',
    postal_code: 'string | null',
    verified: 'boolean',
  },
  friendships: {
    _deleted: 'boolean',
    _modified: 'string',
    created_at: 'string',
    friend_id: 'string',
    id: 'string',
    user_id: 'string',
  },
  friend_requests: {
    _deleted: 'boolean',
    _modified: 'string',
    created_at: 'string',
    id: 'string',
    receiver_id: 'string',
    responded_at: 'string | null',
    sender_id: 'string',
    status: 'string',
  },
  notifications: {
    _deleted: 'boolean',
    _modified: 'string',
    activity_id: 'string | null',
    actor_id: 'string | null',
    created_at: 'string',
    friend_request_id: 'string | null',
    id: 'string',
    is_read: 'boolean',
    join_request_id: 'string | null',
    type: 'string',
    user_id: 'string',
    workout_id: 'string | null',
  },
  xp_events: {
    _deleted: 'boolean',
    _modified: 'string',
    amount: 'number',
    created_at: 'string',
    id: 'string',
    source: 'string',
    source_id: 'string',
    user_id: 'string',
  },
  workout_join_requests: {
    _deleted: 'boolean',
    _modified: 'string',
    copy_workout_id: 'string | null',
    created_at: 'string',
    id: 'string',
    owner_id: 'string',
    replace_workout_id: 'string | null',
    requester_id: 'string',
    responded_at: 'string | null',
    status: 'string',
    workout_id: 'string',
  },
};

/** Replication bookkeeping present on every table, never a document field. */
const BOOKKEEPING = {
  _deleted: 'the tombstone; RxDB keeps its own `_deleted` and the replication maps the two',
  _modified:
    'the pull checkpoint, set by the server on every write; kept out of documents (sync-design.md section 2)',
} as const;

/** Server columns a collection does not store, and why. Every other column must be a document field. */
export const OMITTED_COLUMNS: { [C in CollectionName]: Partial<Record<keyof Tables<C>, string>> } = {
  profiles: { ...BOOKKEEPING },
  user_settings: { ...BOOKKEEPING },
  workouts: {
    ...BOOKKEEPING,
    covers_day:
      "the server's streak judgment, made when the row arrives; the local estimate judges pending writes with coversOnArrival and counts pulled workouts as covering (src/db/progress/local-progress.ts)",
  },
  rest_days: { ...BOOKKEEPING },
  check_ins: { ...BOOKKEEPING },
  home_gyms: { ...BOOKKEEPING },
  gyms: { ...BOOKKEEPING },
  friendships: { ...BOOKKEEPING },
  friend_requests: { ...BOOKKEEPING },
  notifications: { ...BOOKKEEPING },
  xp_events: { ...BOOKKEEPING },
  workout_join_requests: { ...BOOKKEEPING },
};

// The document interfaces against the Row types, at compile time: every field is a column whose type
// (nullability included) admits the field's (a document may narrow a text column to its enum values). An
// optional field is one some rows come without (a friend's profile has no `timezone`): its type is checked
// where it is present.
type FieldMismatch<C extends CollectionName> = {
  [K in keyof DocTypes[C]]-?: K extends keyof Tables<C>
    ? Exclude<DocTypes[C][K], undefined> extends Tables<C>[K]
      ? never
      : K
    : K;
}[keyof DocTypes[C]];

/** `true` per collection, or the names of the fields that do not fit the server's row. */
export const DOCUMENTS_FIT_ROWS: {
  [C in CollectionName]: [FieldMismatch<C>] extends [never] ? true : FieldMismatch<C>;
} = {
  profiles: true,
  user_settings: true,
  workouts: true,
  rest_days: true,
  check_ins: true,
  home_gyms: true,
  gyms: true,
  friendships: true,
  friend_requests: true,
  notifications: true,
  xp_events: true,
  workout_join_requests: true,
};
