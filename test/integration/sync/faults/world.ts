/**
 * One seed's people and devices: the user (2-3 devices, the first behind a stand-in for the service
 * worker), a friend with one device, someone whose friend request waits for the user, and someone the
 * user and the friend may send requests to. Each device has its own clock skew (±10 min, on the session
 * and on the commands), its own fault-injecting network and a token the "page" renews when the worker
 * says it needs one (as the page's auth does after a 401).
 */
import type { CollectionName } from '../../../../src/db/schemas';
import type { CommandContext } from '../../../../src/db/commands/context';
import { seededRandom, type SeededRandom } from '../../../support/seeded-random';
import type { Emulator } from '../../../../supabase/emulator/src/start-emulator';
import { serviceWorkerStandIn, type ServiceWorkerStandIn } from '../service-worker-stand-in';
import { newUser, openDevice, tokenFor, type Device } from '../support';
import { faultFetch, type FaultFetch } from './fault-fetch';

/**
 * RxDB's open core holds at most 13 collections open in one process (`NON_PREMIUM_COLLECTION_LIMIT`; the
 * next open throws COL23), and every device here is a database of its own: a seed therefore takes one
 * group of collections, by its number, and the groups together cover every synced collection. Three
 * devices of the user plus the friend's stay within 13 in each group.
 */
export const GROUPS = {
  /** Workouts, rest days and the XP ledger: what the streaks and the level are made of. */
  streaks: {
    user: ['workouts', 'rest_days', 'profiles', 'xp_events'],
    friend: ['profiles'],
  },
  /** Check-ins, settings and profile edits. */
  gym: {
    user: ['check_ins', 'user_settings', 'profiles'],
    friend: ['profiles', 'check_ins'],
  },
  /** Friend requests (sent, cancelled, answered), friends' profiles, flexes, notification reads. */
  friends: {
    user: ['friend_requests', 'notifications', 'profiles', 'friendships'],
    friend: ['notifications'],
  },
  /** Join requests on both sides, the workouts they are about, flexes, notification reads. */
  joins: {
    user: ['workouts', 'workout_join_requests', 'notifications'],
    friend: ['workouts', 'workout_join_requests', 'notifications'],
  },
} as const satisfies Record<string, { user: readonly CollectionName[]; friend: readonly CollectionName[] }>;
export type GroupName = keyof typeof GROUPS;
const GROUP_ORDER: readonly GroupName[] = ['streaks', 'gym', 'friends', 'joins'];
export const groupOf = (seed: number): GroupName =>
  GROUP_ORDER[(((seed - 1) % GROUP_ORDER.length) + GROUP_ORDER.length) % GROUP_ORDER.length]!;

const MAX_SKEW_MS = 10 * 60_000;

export interface FaultDevice {
  label: string;
  userId: string;
  device: Device;
  faults: FaultFetch;
  /** Only the user's first device: the service worker's queue in front of its network. */
  sw: ServiceWorkerStandIn | null;
  skewMs: number;
  now: () => Date;
  ctx: CommandContext;
  online: boolean;
  /** The token the worker holds (an expired one after a token-expiry fault). */
  token: string;
}

export interface Person {
  id: string;
  handle: string;
}

export interface World {
  group: GroupName;
  user: Person;
  friend: Person;
  /** Sent the user a friend request before the seed started. */
  requester: Person;
  /** Nobody's friend: the user and the friend may send requests to them. */
  stranger: Person;
  /** requester -> user, pending at the start. */
  incomingRequestId: string;
  /** Activities in the feeds: the friend's (the user may flex it) and the user's (the friend may). */
  friendActivityId: string;
  userActivityId: string;
  devices: FaultDevice[];
}

export async function buildWorld(emulator: Emulator, rnd: SeededRandom, seed: number): Promise<World> {
  const sql = async <R>(text: string, params: unknown[] = []) =>
    (await emulator.engine.query<R>(text, params)).rows;
  const person = async (): Promise<Person & { token: string }> => {
    const u = await newUser(emulator);
    const [p] = await sql<{ username: string; discriminator: string }>(
      'select username, discriminator from public.profiles where id = $1',
      [u.id],
    );
    return { ...u, handle: `${p!.username}#${p!.discriminator}` };
  };
  const [user, friend, requester, stranger] = [
    await person(),
    await person(),
    await person(),
    await person(),
  ];
  // The starting point, written as the server would hold it: friends both ways, an incoming request
  // (its notification comes with it), an activity of each friend in the other's feed.
  await sql(
    `insert into public.friendships (id, user_id, friend_id) values ($1 || ':' || $2, $1::uuid, $2::uuid),
       ($2 || ':' || $1, $2::uuid, $1::uuid)`,
    [user.id, friend.id],
  );
  const [incoming] = await sql<{ id: string }>(
    'insert into public.friend_requests (sender_id, receiver_id) values ($1, $2) returning id',
    [requester.id, user.id],
  );
  const friendActivityId = `lvl:${friend.id}`;
  const userActivityId = `lvl:${user.id}`;
  await sql(
    `insert into public.activities (id, user_id, kind, level) values ($1, $2::uuid, 'level_up', 2),
       ($3, $4::uuid, 'level_up', 2)`,
    [friendActivityId, friend.id, userActivityId, user.id],
  );

  const devices: FaultDevice[] = [];
  const open = async (
    index: number,
    label: string,
    who: typeof user,
    collections: readonly CollectionName[],
    withSw: boolean,
    skewMs: number,
  ): Promise<FaultDevice> => {
    const now = () => new Date(Date.now() + skewMs);
    const sw = withSw ? serviceWorkerStandIn(emulator.url) : null;
    // The faults' details are drawn when a request meets them (timing decides when): a stream per device,
    // so they never shift the seed's steps.
    const answers = seededRandom(seed * 131 + index);
    const faults = faultFetch({
      base: sw ? sw.fetch : (input, init) => fetch(input, init),
      // Delta-seconds or an HTTP date: both forms of the header, from the seed.
      retryAfter: () =>
        answers.chance(0.5) ? String(1 + answers.int(2)) : new Date(Date.now() + 1500).toUTCString(),
      slowMs: () => 20 + answers.int(120),
    });
    // The back-off's jitter: a stream of its own per device (how often it is drawn depends on timing).
    const jitterSource = seededRandom(seed * 31 + index);
    const jitter = () => jitterSource.next();
    const device = await openDevice(emulator, who.id, {
      token: who.token,
      collections,
      fetch: faults.fetch,
      // The waits a seed may meet stay short: the server's Retry-After (1-2 s) honoured up to 300 ms,
      // RxDB's retry 200 ms, the intents' back-off from 50 ms.
      retryAfterMaxMs: 300,
      // One tab per device: the database leads at once instead of after an election.
      multiInstance: false,
      session: {
        now,
        random: jitter,
        intentRetryBaseMs: 50,
        ...(sw ? { queue: sw.outcomes } : {}),
      },
    });
    const d: FaultDevice = {
      label,
      userId: who.id,
      device,
      faults,
      sw,
      skewMs,
      now,
      ctx: { db: device.db, userId: who.id, now },
      online: true,
      token: who.token,
    };
    return d;
  };
  const group = groupOf(seed);
  const n = 2 + rnd.int(2);
  // Drawn before the devices open (together, in any order): the seed decides them alone.
  const skews = Array.from({ length: n + 1 }, () => Math.round((rnd.next() * 2 - 1) * MAX_SKEW_MS));
  devices.push(
    ...(await Promise.all([
      ...Array.from({ length: n }, (_, i) =>
        open(i, `user#${i}`, user, GROUPS[group].user, i === 0, skews[i]!),
      ),
      open(n, 'friend', friend, GROUPS[group].friend, false, skews[n]!),
    ])),
  );
  return {
    group,
    user,
    friend,
    requester,
    stranger,
    incomingRequestId: incoming!.id,
    friendActivityId,
    userActivityId,
    devices,
  };
}

/** The page's auth: after the worker reports its token refused (a 401), it hands over a fresh one. */
export async function renewTokenIfRefused(emulator: Emulator, d: FaultDevice): Promise<boolean> {
  if (!d.online || !d.device.session.gate.needsToken) return false;
  d.token = await tokenFor(emulator, d.userId);
  d.device.session.setAccessToken(d.token);
  return true;
}

/** A token that expired while the device was offline (signed with its expiry a minute ago). */
export async function expiredToken(emulator: Emulator, userId: string): Promise<string> {
  return tokenFor(emulator, userId, -60);
}
