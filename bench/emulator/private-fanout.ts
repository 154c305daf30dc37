/**
 * Private Broadcast fan-out (issue 33): `devices` users, each with its own socket and private channel
 * `user:<id>` (in a child process, `private-fanout-process.ts`), in a friend graph where everyone has
 * `friends` friends (a ring: the nearest `friends / 2` on each side). Then profile writes at
 * `writesPerSecond` (open loop, the authors in turn): `update profiles set xp = xp + 1`, whose trigger
 * sends the new profile card to every friend's topic (supabase/migrations/20261206200100). Measured per
 * write: from the commit (the UPDATE returned) until every friend's device had the card. The users and
 * the graph are written straight into the database without triggers (setting up is not measured); the
 * writes go through the product's triggers. Also the cost of such a write, serially, with 100 friends
 * and with none (the fan-out's share of the write). Owns the child (it exits after its report).
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Emulator } from '../../supabase/emulator/src/start-emulator';
import { sleep, withTimeout } from './fixtures';
import type { FanoutDevice, FanoutJob, FanoutReady, FanoutReport } from './private-fanout-process';

export interface PrivateFanoutOptions {
  devices: number;
  friends: number;
  writesPerSecond: number;
  writes: number;
}

export interface PrivateFanoutResult {
  /** Devices whose private join was accepted. */
  joined: number;
  /** Per write: commit until the last friend device had it, ms. */
  lastDelivery: number[];
  /** Per delivery: commit until that device had it, ms. */
  deliveries: number[];
  /** Deliveries that never came (should be 0). */
  lost: number;
  /** The writes' own durations under the load, ms. */
  writeMs: number[];
  /** The writes per second actually started. */
  achievedWritesPerSecond: number;
  /** The same write alone, serially: with `friends` friends and with none, ms. */
  serialWithFriendsMs: number[];
  serialNoFriendsMs: number[];
  joinMs: number;
}

const now = () => performance.timeOrigin + performance.now();
const SERIAL_WRITES = 40;

async function seed(emulator: Emulator, ids: string[], friends: number): Promise<void> {
  const half = friends / 2;
  await emulator.engine.transaction(async (tx) => {
    await tx.query("set local session_replication_role = 'replica'");
    await tx.query(
      `with u as (select id, ord from unnest($1::uuid[]) with ordinality as t(id, ord))
       , a as (insert into auth.users (id, aud, role, email, created_at, updated_at)
               select id, 'authenticated', 'authenticated', 'fanout-' || id || '@example.test', now(), now() from u)
       insert into public.profiles (id, username, discriminator, slug, visibility)
       select id, 'f' || substr(id::text, 1, 8), lpad((ord % 10000)::text, 4, '0'), 'fan-' || id, 'friends' from u`,
      [ids],
    );
    // A ring: user i befriends i±1 .. i±half (both directions, as accepting a request writes them).
    await tx.query(
      `with u as (select id, ord - 1 as i from unnest($1::uuid[]) with ordinality as t(id, ord))
       insert into public.friendships (id, user_id, friend_id)
       select a.id || ':' || b.id, a.id, b.id
       from u a cross join generate_series(1, $2::int) d
       join u b on b.i in ((a.i + d) % $3::int, (a.i - d + $3::int) % $3::int)`,
      [ids, half, ids.length],
    );
  });
}

function runChild(job: FanoutJob): {
  ready: Promise<FanoutReady>;
  report: () => Promise<FanoutReport>;
  kill: () => void;
} {
  const child = fork(fileURLToPath(new URL('./private-fanout-process.ts', import.meta.url)), [], {
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const replies: ((m: FanoutReady | FanoutReport) => void)[] = [];
  child.on('message', (m: FanoutReady | FanoutReport) => replies.shift()?.(m));
  const next = <T>() => new Promise<T>((resolve) => replies.push((m) => resolve(m as T)));
  const ready = next<FanoutReady>();
  child.send(job);
  return {
    ready,
    report: () => {
      const reply = next<FanoutReport>();
      child.send('report');
      return reply;
    },
    kill: () => {
      if (child.exitCode === null) child.kill();
    },
  };
}

async function serialWrites(emulator: Emulator, id: string): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < SERIAL_WRITES; i++) {
    const started = performance.now();
    await emulator.engine.query('update public.profiles set xp = xp + 1 where id = $1', [id]);
    samples.push(performance.now() - started);
  }
  return samples;
}

export async function measurePrivateFanout(
  emulator: Emulator,
  options: PrivateFanoutOptions,
): Promise<PrivateFanoutResult> {
  const ids = Array.from({ length: options.devices }, () => randomUUID());
  const loner = randomUUID();
  await seed(emulator, [...ids], options.friends);
  await seed(emulator, [loner], 0);
  const devices: FanoutDevice[] = [];
  for (const id of ids) {
    const token = await emulator.context.keys.signAccessToken(
      { sub: id, role: 'authenticated', aud: 'authenticated', session_id: randomUUID(), is_anonymous: false },
      3600,
    );
    devices.push({ id, token });
  }
  const friendsOf = (index: number) => {
    const list: string[] = [];
    for (let d = 1; d <= options.friends / 2; d++) {
      list.push(
        ids[(index + d) % ids.length] as string,
        ids[(index - d + ids.length) % ids.length] as string,
      );
    }
    return list;
  };

  const child = runChild({ url: emulator.url, anonKey: emulator.status.ANON_KEY, devices });
  try {
    const joinStarted = performance.now();
    const ready = await withTimeout(child.ready, 300_000, `joining ${devices.length} private channels`);
    const joinMs = performance.now() - joinStarted;
    if (ready.failed.length > 0)
      console.warn(`[bench private fan-out] joins failed: ${ready.failed.join('; ')}`);

    // The writes, open loop at the rate asked (each started on its slot, whether or not the last returned).
    const commits = new Map<string, { at: number; author: number }>();
    const writeMs: number[] = [];
    const interval = 1000 / options.writesPerSecond;
    const started = performance.now();
    const pending: Promise<void>[] = [];
    for (let k = 0; k < options.writes; k++) {
      const due = started + k * interval;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
      const author = (k * 7) % ids.length;
      const writeStarted = performance.now();
      pending.push(
        emulator.engine
          .query<{ xp: number | string }>(
            'update public.profiles set xp = xp + 1 where id = $1 returning xp',
            [ids[author]],
          )
          .then(({ rows }) => {
            const at = now();
            writeMs.push(performance.now() - writeStarted);
            commits.set(`${ids[author]}:${Number(rows[0]?.xp)}`, { at, author });
          }),
      );
    }
    const lastStarted = performance.now();
    await Promise.all(pending);
    const achievedWritesPerSecond = ((options.writes - 1) / (lastStarted - started)) * 1000;
    // Let every delivery arrive (bounded), then collect.
    await realtimeFlush(emulator);
    await sleep(1_000);
    const { receipts } = await withTimeout(child.report(), 60_000, 'the fan-out report');

    const lastDelivery: number[] = [];
    const deliveries: number[] = [];
    let lost = 0;
    for (const [key, { at, author }] of commits) {
      const times = receipts[key] ?? [];
      const expected = friendsOf(author).length;
      lost += Math.max(0, expected - times.length);
      for (const t of times) deliveries.push(t - at);
      if (times.length >= expected && times.length > 0) lastDelivery.push(Math.max(...times) - at);
    }
    const serialWithFriendsMs = await serialWrites(emulator, ids[0] as string);
    const serialNoFriendsMs = await serialWrites(emulator, loner);
    return {
      joined: ready.joined,
      lastDelivery,
      deliveries,
      lost,
      writeMs,
      achievedWritesPerSecond,
      serialWithFriendsMs,
      serialNoFriendsMs,
      joinMs,
    };
  } finally {
    child.kill();
  }
}

async function realtimeFlush(emulator: Emulator): Promise<void> {
  const { realtimeFor } = await import('../../supabase/emulator/src/realtime/server');
  await withTimeout(realtimeFor(emulator.context).flush(), 300_000, 'delivering the fan-out');
}
