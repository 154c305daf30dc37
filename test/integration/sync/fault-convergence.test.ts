// @clock-sensitive: devices with skewed clocks, tokens expiring, streaks by day
/**
 * Seeded property test of convergence under faults (issue 17): per seed a user with 2-3 devices and a
 * friend with one make random writes on every synced collection (workouts, rest days, check-ins,
 * settings, profile edits, friend requests, flexes, join requests, notification reads) through the real
 * commands, while devices go offline (the token expiring meanwhile), their requests fail (500, 429 with
 * Retry-After, slow, no answer, applied with the answer lost), realtime sockets drop, sync workers crash
 * and restart, the service worker queues writes and is replaced; every device's clock is skewed by up
 * to ±10 min. After quiet (all online, no faults, sync now): every device equals the server, every
 * acknowledged write is on the server once, the ledgers are empty, and XP, level and streaks equal the
 * pure functions of the server's event log (faults/invariants.ts).
 *
 * RxDB's open core keeps at most 13 collections open in a process, so each seed takes one group of
 * collections by its number (faults/world.ts GROUPS: streaks, gym, friends, joins, in turn); four
 * consecutive seeds cover every collection. A failing seed's message holds its steps, the faults that
 * met requests and the command that replays it (its test name too).
 *
 * Seeds: FAULT_PROPERTY_SEEDS (default 200 in CI, 3 locally) from FAULT_PROPERTY_FIRST_SEED (default 1),
 * or one with FAULT_PROPERTY_SEED; each seed is its own test whose name is the command that replays it.
 * PGlite only, like the happy-network property, to keep a seed at a few seconds.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { addMigrationPlugin } from '../../../src/db/migration-due';
import { requestJoinWorkout } from '../../../src/db/commands/join';
import { readPending } from '../../../src/db/pending-writes';
import { createTestClient, describeEachEmulator } from '../../support/emulator';
import { seededRandom, seedsFromEnv } from '../../support/seeded-random';
import { serverInvariantProblems } from './faults/invariants';
import { differences } from './faults/server-view';
import { emptyAcknowledged, randomStep, type Acknowledged } from './faults/steps';
import { buildWorld, renewTokenIfRefused, type FaultDevice, type World } from './faults/world';
import { eventually, sleep, tokenFor } from './support';
import type { Emulator } from '../../../supabase/emulator/src/start-emulator';

const seeds = seedsFromEnv('FAULT_PROPERTY', 200, 3);
const replay = (seed: number) =>
  `FAULT_PROPERTY_SEED=${seed} npx vitest run --project integration test/integration/sync/fault-convergence.test.ts`;

describeEachEmulator(
  'sync convergence under faults',
  (suite) => {
    const emulator = () => suite.emulator();
    let devices: FaultDevice[] = [];
    // notifications is at schema version 1: RxDB asks the migration plugin for it even on a new database
    // (open-database.ts skips it with autoMigrate: false; openDevice creates the collections as they are).
    beforeAll(addMigrationPlugin);
    afterEach(async () => {
      // Together: each waits mostly for its sockets and storage, not for the processor.
      await Promise.all(devices.splice(0).map((d) => d.device.close()));
    });

    for (const seed of seeds) {
      it(`seed ${seed} (replay: ${replay(seed)})`, { timeout: 120_000 }, async () => {
        const rnd = seededRandom(seed);
        const log: string[] = [];
        const world = await buildWorld(emulator(), rnd, seed);
        devices = world.devices;
        log.push(
          `group ${world.group}; devices: ${devices.map((d) => `${d.label} skew ${Math.round(d.skewMs / 1000)} s`).join(', ')}`,
        );
        try {
          await settleStart(emulator(), world);
          const acked = emptyAcknowledged();
          const steps = 8 + rnd.int(8);
          // Half the seeds kill the server once and restart it on the same database, right after a step
          // (a write's push is usually under way). Its own random stream, so the seed's steps stay what
          // they were without it.
          const kill = seededRandom(seed + 7_000_001);
          const killAfter = kill.chance(0.5) ? kill.int(steps) : -1;
          for (let step = 0; step < steps; step++) {
            await randomStep({
              emulator: emulator(),
              world,
              rnd,
              seed,
              step,
              acked,
              log: (l) => log.push(l),
            });
            if (step === killAfter) {
              await emulator().restart();
              log.push(`${step}: emulator killed and restarted`);
            }
            for (const d of devices) await renewTokenIfRefused(emulator(), d);
            if (rnd.chance(0.3)) await sleep(rnd.int(100));
          }
          await quiet(emulator(), world);
          const problems = [
            ...(await lostWrites(emulator(), world, acked)),
            ...(await serverInvariantProblems(emulator(), world.user.id)).map((p) => `user: ${p}`),
            ...(await serverInvariantProblems(emulator(), world.friend.id)).map((p) => `friend: ${p}`),
          ];
          if (problems.length > 0) throw new Error(`after quiet:\n${problems.join('\n')}`);
        } catch (error) {
          const applied = devices.map((d) => `${d.label} ${JSON.stringify(d.faults.applied)}`);
          throw new Error(
            `seed ${seed} failed: ${error instanceof Error ? error.message : String(error)}\n` +
              `replay: ${replay(seed)}\nsteps:\n${log.join('\n')}\nfaults applied:\n${applied.join('\n')}`,
            { cause: error },
          );
        }
      });
    }

    // Found by seed 8: two devices of one user ask to join the same workout, neither seeing the other's
    // request; the server keeps one request per workout and answers the second with the first's id. The
    // second device's own row (its client id) was never on the server and stayed "Joining…" for good;
    // rows an intent created are now read again once it is applied (src/db/pending-writes.ts).
    it("two devices asking to join one workout unseen by each other keep the server's one request", async () => {
      const world = await buildWorld(emulator(), seededRandom(8), 4); // seed 4's group: joins
      devices = world.devices;
      const [first, second] = devices as [FaultDevice, FaultDevice];
      const [workout] = (
        await emulator().engine.query<{ id: string; date: string }>(
          `insert into public.workouts (id, user_id, type, date, time)
           values ($1, $2, 'strength', (now() at time zone 'UTC')::date + 2, '07:30') returning id, date::text`,
          [randomUUID(), world.friend.id],
        )
      ).rows;
      const input = {
        workout_id: workout!.id,
        owner_id: world.friend.id,
        date: workout!.date,
        time: '07:30',
      };
      second.device.session.setOnline(false);
      const requestId = async (d: FaultDevice) => {
        const r = await requestJoinWorkout(d.ctx, input);
        if (!r.ok || r.value.kind !== 'requested') throw new Error('join not requested');
        return r.value.request.id;
      };
      const kept = await requestId(first);
      expect(await requestId(second)).not.toBe(kept);
      await eventually(
        async () =>
          (await emulator().engine.query(`select 1 from public.workout_join_requests where id = $1`, [kept]))
            .rows.length === 1,
        20_000,
        'the first request on the server',
      );
      second.device.session.setOnline(true);
      await eventually(
        async () => {
          second.device.session.syncNow();
          const ids = (await second.device.db.workout_join_requests.find().exec()).map((d) => d.id);
          const pending = Object.keys((await readPending(second.device.db)).entries);
          return pending.length === 0 && ids.length === 1 && ids[0] === kept;
        },
        20_000,
        "the second device holds the server's request only",
      );
    });
  },
  { engines: ['pglite'] },
);

/** Every device has its own profile and the incoming request before the steps begin. */
async function settleStart(emulator: Emulator, world: World): Promise<void> {
  await eventually(
    async () => {
      for (const { device, userId } of world.devices) {
        const { profiles, friend_requests } = device.db.collections;
        if (profiles && (await profiles.findOne(userId).exec()) === null) return false;
        if (
          friend_requests &&
          userId === world.user.id &&
          (await friend_requests.findOne(world.incomingRequestId).exec()) === null
        )
          return false;
      }
      return true;
    },
    30_000,
    'first pulls',
  );
}

/**
 * Quiet: faults cleared, every device online with a valid token, the network and the service worker's
 * queue back; sync now until every device equals the server and no ledger holds an entry.
 */
async function quiet(emulator: Emulator, world: World): Promise<void> {
  const { devices } = world;
  for (const d of devices) {
    d.faults.clear();
    if (d.sw && !d.sw.online) d.sw.online = true;
    if (!d.online) {
      d.online = true;
      d.device.session.setOnline(true);
    }
  }
  for (const d of devices) if (d.sw) await d.sw.replay();
  const viewers = new Map<string, ReturnType<typeof createTestClient>>();
  for (const id of [world.user.id, world.friend.id])
    viewers.set(id, createTestClient(emulator, { accessToken: await tokenFor(emulator, id) }));
  let last = '';
  try {
    await eventually(
      async () => {
        const open: string[] = [];
        for (const d of devices) {
          await renewTokenIfRefused(emulator, d);
          const ledger = await readPending(d.device.db);
          const pending = Object.keys(ledger.entries);
          if (pending.length > 0) open.push(`${d.label} pending ${pending.join(', ')}`);
          const recheck = Object.keys(ledger.recheck ?? {});
          if (recheck.length > 0) open.push(`${d.label} to read again ${recheck.join(', ')}`);
          // Friends' profiles come with the friendships collection (friend-profiles.ts).
          const friends = d.device.db.collections.friendships ? await friendIds(emulator, d.userId) : [];
          for (const diff of await differences(d.device.db, viewers.get(d.userId)!, d.userId, friends))
            open.push(`${d.label} ${JSON.stringify(diff)}`);
        }
        last = open.join('\n');
        if (open.length === 0) return true;
        for (const d of devices) d.device.session.syncNow();
        return false;
      },
      60_000,
      'quiet convergence',
    );
  } catch (error) {
    throw new Error(`${String(error)}; still different:\n${last}`, { cause: error });
  } finally {
    for (const viewer of viewers.values()) await viewer.removeAllChannels();
  }
}

async function friendIds(emulator: Emulator, userId: string): Promise<string[]> {
  return (
    await emulator.engine.query<{ friend_id: string }>(
      `select friend_id from public.friendships where user_id = $1 and not _deleted`,
      [userId],
    )
  ).rows.map((r) => r.friend_id);
}

/** Acknowledged writes the server does not hold (writes the server refused for good are left out). */
async function lostWrites(emulator: Emulator, world: World, acked: Acknowledged): Promise<string[]> {
  const refused = new Set<string>();
  for (const d of world.devices)
    for (const f of (await readPending(d.device.db)).failed) {
      refused.add(f.doc_id);
      // Writes keyed by what they are about (a flex's activity, a join request's workout).
      const about = f.request?.type === 'rpc' ? Object.values(f.request.args) : [f.doc_id];
      for (const v of about) if (typeof v === 'string') refused.add(`${d.userId}|${v}`);
    }
  const has = async (sql: string, params: unknown[]) =>
    (await emulator.engine.query<{ n: number }>(sql, params)).rows[0]!.n;
  const lost: string[] = [];
  const check = async (
    what: string,
    writes: Map<string, string>,
    sql: string,
    args: (k: string) => unknown[],
  ) => {
    for (const [key, by] of writes) {
      if (refused.has(key)) continue;
      const n = await has(sql, args(key));
      if (n !== 1) lost.push(`${what} ${key} by ${by}: ${n} on the server`);
    }
  };
  const live = new Map([...acked.workouts].filter(([id]) => !acked.deletedWorkouts.has(id)));
  await check(
    'workout',
    live,
    `select count(*)::int as n from public.workouts where id = $1 and not _deleted`,
    (k) => [k],
  );
  await check(
    'rest day',
    acked.restDays,
    `select count(*)::int as n from public.rest_days where id = $1`,
    (k) => [k],
  );
  await check(
    'check-in',
    acked.checkIns,
    `select count(*)::int as n from public.check_ins where id = $1`,
    (k) => [k],
  );
  await check(
    'flex',
    acked.flexes,
    `select count(*)::int as n from public.flexes where sender_id = $1 and activity_id = $2`,
    (k) => k.split('|'),
  );
  await check(
    'friend request',
    acked.friendRequests,
    `select count(*)::int as n from public.friend_requests where id = $1`,
    (k) => [k],
  );
  // By requester and workout: the server keeps one request per workout, whichever device's came first.
  await check(
    'join request',
    acked.joinRequests,
    `select count(*)::int as n from public.workout_join_requests where requester_id = $1 and workout_id = $2`,
    (k) => k.split('|'),
  );
  await check(
    'notification read',
    acked.reads,
    `select count(*)::int as n from public.notifications where id = $1 and is_read`,
    (k) => [k],
  );
  return lost;
}
