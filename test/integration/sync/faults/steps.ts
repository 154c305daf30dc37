/**
 * The random steps of a seed: writes through the real commands (src/db/commands) on every synced
 * collection, on both people's devices, and the faults between them. Each write that the command accepted
 * is remembered, so that after quiet the server can be asked for it (acknowledged writes are not lost).
 */
import { checkIn, checkOut } from '../../../../src/db/commands/check-ins';
import { flexActivity } from '../../../../src/db/commands/flex';
import {
  cancelFriendRequest,
  respondToFriendRequest,
  sendFriendRequestByHandle,
} from '../../../../src/db/commands/friends';
import { requestJoinWorkout, respondJoinRequest } from '../../../../src/db/commands/join';
import { markNotificationRead } from '../../../../src/db/commands/notifications';
import { updateProfile } from '../../../../src/db/commands/profile';
import { confirmRestDay } from '../../../../src/db/commands/rest-days';
import { updateSettings } from '../../../../src/db/commands/settings';
import { deleteWorkout, editWorkout, planWorkout } from '../../../../src/db/commands/workouts';
import { WORKOUT_TYPES } from '../../../../src/db/schemas/workouts';
import type { SeededRandom } from '../../../support/seeded-random';
import type { Emulator } from '../../../../supabase/emulator/src/start-emulator';
import { dayFromToday } from '../../../support/clock/days';
import type { Fault } from './fault-fetch';
import { expiredToken, type FaultDevice, type GroupName, type World } from './world';

const GYM = 'de-berlin-mcfit-alexanderplatz';
const FAULTS: readonly Fault[] = ['http500', 'http429', 'slow', 'offline', 'answerLost'];

/** Writes a command accepted, by what the server should show for them after quiet. */
export interface Acknowledged {
  /** Workouts created and never deleted by any step (a delete may lose to an edit: not asserted). */
  workouts: Map<string, string>;
  deletedWorkouts: Set<string>;
  restDays: Map<string, string>;
  checkIns: Map<string, string>;
  /** Flexes: `${sender}|${activity}`. */
  flexes: Map<string, string>;
  friendRequests: Map<string, string>;
  /** Join requests: `${requester}|${workout}` (one per workout on the server, whichever device's). */
  joinRequests: Map<string, string>;
  /** Notification ids marked read. */
  reads: Map<string, string>;
}

export const emptyAcknowledged = (): Acknowledged => ({
  workouts: new Map(),
  deletedWorkouts: new Set(),
  restDays: new Map(),
  checkIns: new Map(),
  flexes: new Map(),
  friendRequests: new Map(),
  joinRequests: new Map(),
  reads: new Map(),
});

export interface StepContext {
  emulator: Emulator;
  world: World;
  rnd: SeededRandom;
  seed: number;
  step: number;
  acked: Acknowledged;
  log: (line: string) => void;
}

type Op = (c: StepContext, d: FaultDevice) => Promise<string | null>;

const day = (d: FaultDevice, offset: number) => dayFromToday(offset, 'UTC', d.now());

// ---- writes ----

const createWorkout: Op = async (c, d) => {
  const isFriend = d.userId === c.world.friend.id;
  const w = await planWorkout(d.ctx, {
    type: c.rnd.pick(WORKOUT_TYPES),
    // Around today, so the workouts cover days and the streaks have something to count.
    date: day(d, c.rnd.int(6) - 2),
    // The friend's are timed, the user's not: joining one never clashes.
    time: isFriend ? '07:30' : null,
  });
  if (!w.ok) return `create refused locally: ${w.error.code}`;
  c.acked.workouts.set(w.value.id, `${d.label} create`);
  return `create ${w.value.id.slice(-4)} ${w.value.date}`;
};

const editOrDeleteWorkout: Op = async (c, d) => {
  const local = await d.device.db.workouts.find({ selector: { user_id: d.userId } }).exec();
  if (local.length === 0) return null;
  const id = c.rnd.pick(local).id;
  if (c.rnd.chance(0.3)) {
    const r = await deleteWorkout(d.ctx, id);
    if (r.ok) c.acked.deletedWorkouts.add(id);
    return `delete ${id.slice(-4)}${r.ok ? '' : ` (${r.error.code})`}`;
  }
  const field = c.rnd.pick(['title', 'notes', 'date', 'duration_min'] as const);
  const patch =
    field === 'date'
      ? { date: day(d, c.rnd.int(6) - 2) }
      : field === 'duration_min'
        ? { duration_min: 10 + c.rnd.int(100) }
        : { [field]: `${field} ${c.seed}.${c.step}` };
  const r = await editWorkout(d.ctx, id, patch);
  return `edit ${id.slice(-4)} ${field}${r.ok ? '' : ` (${r.error.code})`}`;
};

const restDay: Op = async (c, d) => {
  const r = await confirmRestDay(d.ctx, { day: day(d, -c.rnd.int(2)) });
  if (!r.ok) return `rest day refused locally: ${r.error.code}`;
  c.acked.restDays.set(r.value.id, d.label);
  return `rest day ${r.value.day}`;
};

const checkInOrOut: Op = async (c, d) => {
  const open = await d.device.db.check_ins.findOne({ selector: { checked_out_at: null } }).exec();
  if (open) {
    const r = await checkOut(d.ctx);
    return `check out${r.ok ? '' : ` (${r.error.code})`}`;
  }
  const r = await checkIn(d.ctx, { gym_id: GYM });
  if (!r.ok) return `check in refused locally: ${r.error.code}`;
  c.acked.checkIns.set(r.value.id, d.label);
  return `check in ${r.value.id.slice(-4)}`;
};

const settings: Op = async (c, d) => {
  const theme = c.rnd.pick(['light', 'dark', 'system'] as const);
  const r = await updateSettings(d.ctx, { theme, haptics_enabled: c.rnd.chance(0.5) });
  return `settings ${theme}${r.ok ? '' : ` (${r.error.code})`}`;
};

const profile: Op = async (c, d) => {
  const r = await updateProfile(d.ctx, { first_name: `N${c.seed}x${c.step}` });
  return `profile first_name${r.ok ? '' : ` (${r.error.code})`}`;
};

const friendRequest: Op = async (c, d) => {
  const { world } = c;
  if (d.userId === world.user.id && c.rnd.chance(0.3)) {
    const r = await respondToFriendRequest(d.ctx, world.incomingRequestId, c.rnd.chance(0.5));
    return `answer incoming request${r.ok ? ` ${r.value.status}` : ` (${r.error.code})`}`;
  }
  const mine = await d.device.db.friend_requests
    .find({ selector: { sender_id: d.userId, status: 'pending' } })
    .exec();
  if (mine.length > 0 && c.rnd.chance(0.4)) {
    const r = await cancelFriendRequest(d.ctx, mine[0]!.id);
    return `cancel request ${mine[0]!.id.slice(-4)}${r.ok ? '' : ` (${r.error.code})`}`;
  }
  const r = await sendFriendRequestByHandle(d.ctx, world.stranger.handle);
  if (!r.ok) return `request refused locally: ${r.error.code}`;
  c.acked.friendRequests.set(r.value.id, d.label);
  return `friend request ${r.value.id.slice(-4)}`;
};

const flex: Op = async (c, d) => {
  const { world } = c;
  const activity = d.userId === world.user.id ? world.friendActivityId : world.userActivityId;
  const r = await flexActivity(d.ctx, { activity_id: activity });
  // Not in the feed window yet (its first load still running): nothing was written.
  if (!r.ok) return `flex not possible: ${r.error.code}`;
  c.acked.flexes.set(`${d.userId}|${activity}`, d.label);
  return 'flex';
};

const join: Op = async (c, d) => {
  const { world, emulator } = c;
  if (d.userId === world.user.id) {
    // The friend's workouts as the feed would show them.
    const rows = (
      await emulator.engine.query<{ id: string; date: string; time: string | null }>(
        `select id, date::text as date, time::text as time from public.workouts
         where user_id = $1 and not _deleted order by id`,
        [world.friend.id],
      )
    ).rows;
    if (rows.length === 0) return null;
    const w = c.rnd.pick(rows);
    const r = await requestJoinWorkout(d.ctx, {
      workout_id: w.id,
      owner_id: world.friend.id,
      date: w.date,
      time: w.time,
    });
    if (!r.ok) return `join refused locally: ${r.error.code}`;
    if (r.value.kind !== 'requested') return `join: ${r.value.kind}`;
    c.acked.joinRequests.set(`${d.userId}|${w.id}`, `${d.label} (${r.value.request.id.slice(-4)})`);
    return `join request ${r.value.request.id.slice(-4)}`;
  }
  const pending = await d.device.db.workout_join_requests
    .find({ selector: { owner_id: d.userId, status: 'pending' } })
    .exec();
  if (pending.length === 0) return null;
  const req = c.rnd.pick(pending);
  const r = await respondJoinRequest(d.ctx, { request_id: req.id, accept: c.rnd.chance(0.6) });
  return `answer join ${req.id.slice(-4)}${r.ok ? ` ${r.value.status}` : ` (${r.error.code})`}`;
};

const readNotification: Op = async (c, d) => {
  const unread = await d.device.db.notifications
    .find({ selector: { user_id: d.userId, is_read: false } })
    .exec();
  if (unread.length === 0) return null;
  const n = c.rnd.pick(unread);
  const r = await markNotificationRead(d.ctx, n.id);
  if (r.ok) c.acked.reads.set(n.id, d.label);
  return `read notification ${n.id.slice(-4)}${r.ok ? '' : ` (${r.error.code})`}`;
};

/** The writes of each group (world.ts GROUPS), for the user's devices and the friend's. */
const WRITES: Record<GroupName, { user: Op[]; friend: Op[] }> = {
  streaks: {
    user: [createWorkout, createWorkout, editOrDeleteWorkout, editOrDeleteWorkout, restDay, profile],
    friend: [profile],
  },
  gym: {
    user: [checkInOrOut, checkInOrOut, settings, settings, profile],
    friend: [profile, checkInOrOut],
  },
  friends: {
    user: [friendRequest, friendRequest, flex, readNotification, profile],
    friend: [flex, readNotification],
  },
  joins: {
    user: [createWorkout, editOrDeleteWorkout, join, join, flex, readNotification],
    friend: [createWorkout, createWorkout, editOrDeleteWorkout, join, join, flex, readNotification],
  },
};

// ---- faults ----

const goOffline: Op = async (c, d) => {
  if (!d.online) return null;
  d.online = false;
  d.device.session.setOnline(false);
  if (c.rnd.chance(0.4)) {
    // The access token runs out while the device is offline; the page cannot refresh it until online.
    d.token = await expiredToken(c.emulator, d.userId);
    d.device.session.setAccessToken(d.token);
    return 'offline (token expires)';
  }
  return 'offline';
};

const goOnline: Op = async (_c, d) => {
  if (d.online) return null;
  d.online = true;
  d.device.session.setOnline(true);
  return 'online';
};

const injectFaults: Op = async (c, d) => {
  const fault = c.rnd.pick(FAULTS);
  const count = 1 + c.rnd.int(3);
  d.faults.inject(fault, count);
  return `next ${count} requests: ${fault}`;
};

const dropWebsocket: Op = async (_c, d) => {
  // The socket closes under the client (a lost connection), not a clean unsubscribe.
  const conn = (d.device.client.realtime as unknown as { conn: { close(): void } | null }).conn;
  if (!conn) return null;
  conn.close();
  return 'websocket dropped';
};

/** The worker crashes and a new one starts on the same database (right after a write: mid-push). */
const crashWorker: Op = async (_c, d) => {
  await d.device.restart(d.token);
  if (!d.online) d.device.session.setOnline(false);
  return 'worker crashed and restarted';
};

/**
 * The user's first device: the network drops without the device noticing, so the service worker queues
 * its intents; then a new service worker takes over (its queue database stays) and a new sync worker
 * starts; the queue is replayed when the network is back.
 */
const serviceWorkerNetwork: Op = async (c, d) => {
  const sw = d.sw;
  if (!sw) return null;
  if (sw.online) {
    sw.online = false;
    return 'network down (service worker queues)';
  }
  if (c.rnd.chance(0.5)) {
    await d.device.restart(d.token);
    if (!d.online) d.device.session.setOnline(false);
    return 'service worker updated, sync worker restarted, writes still queued';
  }
  sw.online = true;
  await sw.replay();
  d.device.session.syncNow();
  return 'network up, queue replayed';
};

const FAULT_OPS: Op[] = [
  goOffline,
  goOnline,
  goOnline,
  injectFaults,
  injectFaults,
  dropWebsocket,
  crashWorker,
  serviceWorkerNetwork,
];

/** One random step: mostly a write, else a fault, on a random device. */
export async function randomStep(c: StepContext): Promise<void> {
  const d = c.rnd.pick(c.world.devices);
  const isFriend = d.userId === c.world.friend.id;
  const writes = WRITES[c.world.group][isFriend ? 'friend' : 'user'];
  const op = c.rnd.chance(0.6) ? c.rnd.pick(writes) : c.rnd.pick(FAULT_OPS);
  const what = await op(c, d);
  if (what !== null) c.log(`${c.step}: ${d.label} ${what}`);
}
