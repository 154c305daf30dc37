// @clock-sensitive: current_date in its rows
// The RLS matrix: every table x {anon, owner, friend, stranger} x the owner's visibility
// {public, friends, private} x {select, insert, update, delete}. Each cell runs as that role with its
// JWT claims (as PostgREST would) inside a transaction that is rolled back, so cells are independent.
// A cell is "allowed" when the statement succeeds and touches a row; a refusal (42501, an RLS
// violation, a validating trigger) or zero rows is "denied".
import { beforeAll, expect, it } from 'vitest';
import type { Queryable } from '../../../supabase/emulator/src/db/engine';
import { describeEachEngine, type EngineContext } from '../../support/engines';
import { createUserWith, makeFriends, one, type Visibility } from './helpers';

type Viewer = 'anon' | 'owner' | 'friend' | 'stranger';
type Op = 'select' | 'insert' | 'update' | 'delete';
const VIEWERS: Viewer[] = ['anon', 'owner', 'friend', 'stranger'];
const VISIBILITIES: Visibility[] = ['public', 'friends', 'private'];
const GYM_A = 'de-berlin-mcfit-alexanderplatz';
const GYM_B = 'de-berlin-johnreed-mitte';

interface Fixture {
  owners: Record<Visibility, string>;
  friend: string;
  stranger: string;
  buddy: string; // a public friend of every owner, whose workouts and activities owners interact with
  target: string; // a user every owner has a pending friend request to
  buddyWorkouts: [string, string];
}

interface Statement {
  sql: string;
  params: unknown[];
}

interface TableSpec {
  table: string;
  pk?: string;
  /** Creates the row under test for `owner` (as the database owner) and returns its key. */
  seed(db: Queryable, f: Fixture, owner: string, vis: Visibility): Promise<string>;
  /** A valid insert of a new row belonging to `owner`. */
  insert(f: Fixture, owner: string, vis: Visibility): Statement;
  /** Removes rows that would make the owner's insert a duplicate (runs before the insert phase). */
  beforeInsert?(db: Queryable, owner: string): Promise<void>;
  /** A no-op update of a client-writable column (or any column when none is). */
  updateSet: string;
  expect: Record<Op, (viewer: Viewer, vis: Visibility) => boolean>;
}

const never = () => false;
const ownerOnly = (viewer: Viewer) => viewer === 'owner';
// The visibility rule: public -> every signed-in user; friends -> friends; private -> only the owner.
const perVisibility = (viewer: Viewer, vis: Visibility) =>
  viewer === 'owner' ||
  (viewer === 'friend' && vis !== 'private') ||
  (viewer === 'stranger' && vis === 'public');
// Friends-only data (workouts, presence): the owner, and friends unless the owner is private.
const friendsUnlessPrivate = (viewer: Viewer, vis: Visibility) =>
  viewer === 'owner' || (viewer === 'friend' && vis !== 'private');

let seq = 0;
const fresh = (prefix: string) => `${prefix}-matrix-${(seq += 1).toString().padStart(6, '0')}`;

const specs: TableSpec[] = [
  {
    table: 'profiles',
    seed: async (_db, _f, owner) => owner,
    insert: (_f, owner) => ({
      sql: `insert into public.profiles (id, username, discriminator, slug) values ($1, 'x', '0001', $2)`,
      params: [owner, fresh('slug')],
    }),
    updateSet: 'first_name = first_name',
    // The row carries the owner's time zone (it follows travel): others read people through cards and
    // get_profile_rows, which leave it out (migration 20261207161000; side-channels.test.ts).
    expect: { select: ownerOnly, insert: never, update: ownerOnly, delete: never },
  },
  {
    table: 'profile_details',
    seed: async (_db, _f, owner) => owner,
    insert: (_f, owner) => ({ sql: `insert into public.profile_details (id) values ($1)`, params: [owner] }),
    updateSet: 'phone = phone',
    expect: { select: ownerOnly, insert: never, update: ownerOnly, delete: never },
  },
  {
    table: 'friendships',
    seed: async (_db, f, owner) => `${owner}:${f.buddy}`,
    insert: (f, owner) => ({
      sql: `insert into public.friendships (id, user_id, friend_id) values ($1 || ':' || $2, $1::uuid, $2::uuid)`,
      params: [owner, f.stranger],
    }),
    updateSet: '_deleted = _deleted',
    expect: { select: perVisibility, insert: never, update: never, delete: never },
  },
  {
    table: 'home_gyms',
    seed: async (db, _f, owner) => {
      await db.query(
        `insert into public.home_gyms (id, user_id, gym_id, position) values ($1::text || ':' || $2, $1::uuid, $2, 1)`,
        [owner, GYM_A],
      );
      return `${owner}:${GYM_A}`;
    },
    insert: (_f, owner) => ({
      sql: `insert into public.home_gyms (id, user_id, gym_id, position) values ($1::text || ':' || $2, $1::uuid, $2, 2)`,
      params: [owner, GYM_B],
    }),
    updateSet: 'position = position',
    expect: { select: ownerOnly, insert: ownerOnly, update: ownerOnly, delete: never },
  },
  {
    table: 'workouts',
    seed: async (db, _f, owner) => {
      const id = fresh('w');
      await db.query(
        `insert into public.workouts (id, user_id, type, date) values ($1, $2, 'strength', current_date)`,
        [id, owner],
      );
      return id;
    },
    insert: (_f, owner) => ({
      sql: `insert into public.workouts (id, user_id, type, date) values ($1, $2, 'yoga', current_date + 1)`,
      params: [fresh('w'), owner],
    }),
    updateSet: 'title = title',
    expect: { select: friendsUnlessPrivate, insert: ownerOnly, update: ownerOnly, delete: never },
  },
  {
    table: 'rest_days',
    seed: async (db, _f, owner) => {
      const row = await one<{ id: string }>(
        db,
        `insert into public.rest_days (user_id, day) values ($1, (now() at time zone 'UTC')::date - 1) returning id`,
        [owner],
      );
      return row.id;
    },
    insert: (_f, owner) => ({
      sql: `insert into public.rest_days (id, user_id, day)
            values ($1 || ':' || ((now() at time zone 'UTC')::date)::text, $1::uuid, (now() at time zone 'UTC')::date)`,
      params: [owner],
    }),
    updateSet: '_deleted = _deleted',
    expect: { select: ownerOnly, insert: ownerOnly, update: ownerOnly, delete: never },
  },
  {
    table: 'check_ins',
    seed: async (db, _f, owner) => {
      const id = fresh('ci');
      await db.query(`insert into public.check_ins (id, user_id, gym_id) values ($1, $2, $3)`, [
        id,
        owner,
        GYM_A,
      ]);
      return id;
    },
    insert: (_f, owner) => ({
      sql: `insert into public.check_ins (id, user_id, gym_id) values ($1, $2, $3)`,
      params: [fresh('ci'), owner, GYM_B],
    }),
    updateSet: 'checked_out_at = checked_out_at',
    expect: { select: friendsUnlessPrivate, insert: ownerOnly, update: ownerOnly, delete: never },
  },
  {
    table: 'user_settings',
    seed: async (db, _f, owner) => {
      await db.query(`insert into public.user_settings (user_id, theme) values ($1, 'dark')`, [owner]);
      return owner;
    },
    beforeInsert: async (db, owner) => {
      await db.query(`delete from public.user_settings where user_id = $1`, [owner]);
    },
    insert: (_f, owner) => ({
      sql: `insert into public.user_settings (id, user_id, language) values ($1::text, $1::uuid, 'de')`,
      params: [owner],
    }),
    updateSet: 'theme = theme',
    expect: { select: ownerOnly, insert: ownerOnly, update: ownerOnly, delete: never },
  },
  {
    table: 'push_subscriptions',
    seed: async (db, _f, owner) => {
      const id = fresh('ps');
      await db.query(
        `insert into public.push_subscriptions (id, user_id, endpoint, p256dh, auth) values ($1, $2, $3, 'k', 'a')`,
        [id, owner, `https://push.example/${id}`],
      );
      return id;
    },
    insert: (_f, owner) => {
      const id = fresh('ps');
      return {
        sql: `insert into public.push_subscriptions (id, user_id, endpoint, p256dh, auth) values ($1, $2, $3, 'k', 'a')`,
        params: [id, owner, `https://push.example/${id}`],
      };
    },
    updateSet: 'user_agent = user_agent',
    expect: { select: ownerOnly, insert: ownerOnly, update: ownerOnly, delete: ownerOnly },
  },
  {
    table: 'xp_events',
    seed: async (db, _f, owner) =>
      (await one<{ id: string }>(db, `select id from public.xp_events where user_id = $1 limit 1`, [owner]))
        .id,
    insert: (_f, owner) => ({
      sql: `insert into public.xp_events (user_id, source, source_id, amount) values ($1, 'rest_day', $2, 1000)`,
      params: [owner, fresh('src')],
    }),
    updateSet: 'amount = amount',
    expect: { select: ownerOnly, insert: never, update: never, delete: never },
  },
  {
    table: 'user_achievements',
    seed: async (_db, _f, owner) => `${owner}:first_workout`,
    insert: (_f, owner) => ({
      sql: `insert into public.user_achievements (id, user_id, achievement_id) values ($1 || ':level_25', $1::uuid, 'level_25')`,
      params: [owner],
    }),
    updateSet: 'unlocked_at = unlocked_at',
    expect: { select: perVisibility, insert: never, update: never, delete: never },
  },
  {
    table: 'daily_challenge_completions',
    seed: async (db, _f, owner) => {
      const row = await one<{ id: string }>(
        db,
        `insert into public.daily_challenge_completions (user_id, challenge_id)
         select $1, c.challenge_id from public.get_daily_challenge(null) c returning id`,
        [owner],
      );
      return row.id;
    },
    beforeInsert: async (db, owner) => {
      await db.query(`delete from public.xp_events where user_id = $1 and source = 'daily_challenge'`, [
        owner,
      ]);
      await db.query(`delete from public.daily_challenge_completions where user_id = $1`, [owner]);
    },
    insert: (_f, owner) => ({
      sql: `insert into public.daily_challenge_completions (id, user_id, challenge_id)
            select 'ignored', $1, c.challenge_id from public.get_daily_challenge(null) c`,
      params: [owner],
    }),
    updateSet: 'points = points',
    expect: { select: ownerOnly, insert: ownerOnly, update: never, delete: never },
  },
  {
    table: 'activities',
    seed: async (db, _f, owner) =>
      (
        await one<{ id: string }>(
          db,
          `select id from public.activities where user_id = $1 order by id limit 1`,
          [owner],
        )
      ).id,
    insert: (_f, owner) => ({
      sql: `insert into public.activities (id, user_id, kind, level) values ($1, $2, 'level_up', 99)`,
      params: [fresh('act'), owner],
    }),
    updateSet: 'level = level',
    expect: { select: perVisibility, insert: never, update: never, delete: never },
  },
  {
    table: 'notifications',
    seed: async (db, f, owner) => {
      const id = fresh('n');
      await db.query(
        `insert into public.notifications (id, user_id, type, actor_id) values ($1, $2, 'flex_received', $3)`,
        [id, owner, f.buddy],
      );
      return id;
    },
    insert: (f, owner) => ({
      sql: `insert into public.notifications (id, user_id, type, actor_id) values ($1, $2, 'flex_received', $3)`,
      params: [fresh('n'), owner, f.buddy],
    }),
    updateSet: 'is_read = is_read',
    expect: { select: ownerOnly, insert: never, update: ownerOnly, delete: never },
  },
  {
    table: 'friend_requests',
    seed: async (db, f, owner) =>
      (
        await one<{ id: string }>(
          db,
          `insert into public.friend_requests (sender_id, receiver_id) values ($1, $2) returning id`,
          [owner, f.target],
        )
      ).id,
    insert: (f, owner) => ({
      sql: `insert into public.friend_requests (id, sender_id, receiver_id) values ($1, $2, $3)`,
      params: [fresh('fr'), owner, f.stranger],
    }),
    updateSet: 'status = status',
    expect: { select: ownerOnly, insert: ownerOnly, update: ownerOnly, delete: never },
  },
  {
    table: 'flexes',
    seed: async (db, f, owner) => {
      const id = fresh('fx');
      await db.query(`insert into public.flexes (id, sender_id, activity_id) values ($1, $2, $3)`, [
        id,
        owner,
        `workout:${f.buddyWorkouts[0]}`,
      ]);
      return id;
    },
    insert: (f, owner) => ({
      sql: `insert into public.flexes (id, sender_id, activity_id) values ($1, $2, $3)`,
      params: [fresh('fx'), owner, `workout:${f.buddyWorkouts[1]}`],
    }),
    updateSet: 'created_at = created_at',
    expect: { select: ownerOnly, insert: ownerOnly, update: never, delete: never },
  },
  {
    // The requester is the row's "owner" here; only the workout's owner (buddy) may change the status.
    table: 'workout_join_requests',
    seed: async (db, f, owner) => {
      const id = fresh('jr');
      await db.query(
        `insert into public.workout_join_requests (id, workout_id, requester_id) values ($1, $2, $3)`,
        [id, f.buddyWorkouts[0], owner],
      );
      return id;
    },
    insert: (f, owner) => ({
      sql: `insert into public.workout_join_requests (id, workout_id, requester_id) values ($1, $2, $3)`,
      params: [fresh('jr'), f.buddyWorkouts[1], owner],
    }),
    updateSet: 'status = status',
    expect: { select: ownerOnly, insert: ownerOnly, update: never, delete: never },
  },
];

class Rollback extends Error {}

async function attempt(ctx: EngineContext, who: string, statement: Statement): Promise<boolean> {
  let allowed = false;
  try {
    await ctx.as(who, async (tx) => {
      const result = await tx.query(statement.sql, statement.params);
      allowed = result.rows.length > 0 || result.rowCount > 0;
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) {
      allowed = false;
      if (process.env.RLS_DEBUG)
        console.log(who.slice(0, 8), statement.sql.slice(0, 60), (error as Error).message);
    }
  }
  return allowed;
}

describeEachEngine('RLS matrix', (ctx) => {
  let f: Fixture;

  beforeAll(async () => {
    const db = ctx.engine();
    const owners = {
      public: await createUserWith(ctx, 'ownerpub', 'public'),
      friends: await createUserWith(ctx, 'ownerfr', 'friends'),
      private: await createUserWith(ctx, 'ownerpriv', 'private'),
    };
    const friend = await createUserWith(ctx, 'friend', 'public');
    const stranger = await createUserWith(ctx, 'stranger', 'public');
    const buddy = await createUserWith(ctx, 'buddy', 'public');
    const target = await createUserWith(ctx, 'target', 'public');
    for (const owner of Object.values(owners)) {
      await makeFriends(db, owner, friend);
      await makeFriends(db, owner, buddy);
      // Give every owner a workout (-> activity, XP, first_workout achievement).
      await db.query(
        `insert into public.workouts (id, user_id, type, date) values ($1, $2, 'cardio', current_date)`,
        [fresh('w'), owner],
      );
    }
    const buddyWorkouts: [string, string] = [fresh('bw'), fresh('bw')];
    for (const id of buddyWorkouts) {
      await db.query(
        `insert into public.workouts (id, user_id, type, date) values ($1, $2, 'hiit', current_date + 3)`,
        [id, buddy],
      );
    }
    f = { owners, friend, stranger, buddy, target, buddyWorkouts };
  });

  const who = (viewer: Viewer, vis: Visibility): string =>
    viewer === 'anon' ? 'anon' : viewer === 'owner' ? f.owners[vis] : f[viewer];

  for (const spec of specs) {
    it(`${spec.table}: select, insert, update and delete per viewer and visibility`, async () => {
      const db = ctx.engine();
      const pk = spec.pk ?? 'id';
      const keys = {} as Record<Visibility, string>;
      for (const vis of VISIBILITIES) keys[vis] = await spec.seed(db, f, f.owners[vis], vis);

      const actual: Record<string, boolean> = {};
      const expected: Record<string, boolean> = {};
      const record = (op: Op, viewer: Viewer, vis: Visibility, allowed: boolean) => {
        actual[`${op} ${viewer} ${vis}`] = allowed;
        expected[`${op} ${viewer} ${vis}`] = spec.expect[op](viewer, vis);
      };
      for (const vis of VISIBILITIES) {
        for (const viewer of VIEWERS) {
          const key = keys[vis];
          const table = `public.${spec.table}`;
          record(
            'select',
            viewer,
            vis,
            await attempt(ctx, who(viewer, vis), {
              sql: `select 1 from ${table} where ${pk} = $1`,
              params: [key],
            }),
          );
          record(
            'update',
            viewer,
            vis,
            await attempt(ctx, who(viewer, vis), {
              sql: `update ${table} set ${spec.updateSet} where ${pk} = $1`,
              params: [key],
            }),
          );
          record(
            'delete',
            viewer,
            vis,
            await attempt(ctx, who(viewer, vis), {
              sql: `delete from ${table} where ${pk} = $1`,
              params: [key],
            }),
          );
        }
      }
      for (const vis of VISIBILITIES) {
        await spec.beforeInsert?.(db, f.owners[vis]);
        for (const viewer of VIEWERS) {
          record(
            'insert',
            viewer,
            vis,
            await attempt(ctx, who(viewer, vis), spec.insert(f, f.owners[vis], vis)),
          );
        }
      }
      expect(actual).toEqual(expected);
      // The matrix must not be vacuous: every table is readable by someone.
      expect(Object.entries(actual).some(([k, v]) => k.startsWith('select owner') && v)).toBe(true);
    });
  }

  it('catalogues: gyms for signed-in users only, achievements and challenges for everyone, no writes', async () => {
    const cells: Record<string, boolean> = {};
    const catalogues = [
      { table: 'gyms', key: 'id', value: GYM_A, anonReads: false, update: 'name = name' },
      { table: 'achievements', key: 'id', value: 'first_workout', anonReads: true, update: 'name = name' },
      {
        table: 'daily_challenges',
        key: 'challenge_id',
        value: 'plank_60s',
        anonReads: true,
        update: 'name = name',
      },
    ];
    const expected: Record<string, boolean> = {};
    for (const c of catalogues) {
      for (const viewer of ['anon', 'stranger'] as const) {
        const as = viewer === 'anon' ? 'anon' : f.stranger;
        const t = `public.${c.table}`;
        cells[`${c.table} select ${viewer}`] = await attempt(ctx, as, {
          sql: `select 1 from ${t} where ${c.key} = $1`,
          params: [c.value],
        });
        expected[`${c.table} select ${viewer}`] = viewer === 'stranger' || c.anonReads;
        cells[`${c.table} update ${viewer}`] = await attempt(ctx, as, {
          sql: `update ${t} set ${c.update} where ${c.key} = $1`,
          params: [c.value],
        });
        expected[`${c.table} update ${viewer}`] = false;
        cells[`${c.table} delete ${viewer}`] = await attempt(ctx, as, {
          sql: `delete from ${t} where ${c.key} = $1`,
          params: [c.value],
        });
        expected[`${c.table} delete ${viewer}`] = false;
      }
    }
    for (const viewer of ['anon', 'stranger'] as const) {
      const as = viewer === 'anon' ? 'anon' : f.stranger;
      cells[`gyms insert ${viewer}`] = await attempt(ctx, as, {
        sql: `insert into public.gyms (id, name, address, city, country, latitude, longitude, verified)
              values ('de-fake-gym', 'Fake', 'x', 'Berlin', 'DE', 52, 13, true)`,
        params: [],
      });
      expected[`gyms insert ${viewer}`] = false;
      cells[`achievements insert ${viewer}`] = await attempt(ctx, as, {
        sql: `insert into public.achievements (id, name, description, kind, threshold, position)
              values ('fake', 'x', 'x', 'level', 1, 99)`,
        params: [],
      });
      expected[`achievements insert ${viewer}`] = false;
      cells[`daily_challenges insert ${viewer}`] = await attempt(ctx, as, {
        sql: `insert into public.daily_challenges (challenge_id, name, difficulty, points, position)
              values ('fake', 'x', 'easy', 1000, 99)`,
        params: [],
      });
      expected[`daily_challenges insert ${viewer}`] = false;
    }
    expect(cells).toEqual(expected);
  });
});
