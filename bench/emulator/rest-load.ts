/**
 * REST point selects under concurrency: `concurrency` clients (plain `fetch`, each with its own user
 * token, keep-alive connections) run point selects by primary key on `profiles`, each for the caller's
 * own row: the table shows a user only their own row (friends' cards come through `get_profile_rows`),
 * and it is the request every device makes for its own profile. Each client runs its share of the requests back to back; a warm-up round
 * (plan cache, connections) is not counted. Every answer is checked to be one row, so a refusal
 * cannot pass for a fast request. The load runs either in this process or in a child process (see
 * rest-load-process.ts), so the clients' own work can be kept off the emulator's event loop.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchUser } from './fixtures';

export interface RestTarget {
  url: string;
  anonKey: string;
}

export interface RestLoadOptions {
  concurrency: number;
  warmupPerClient: number;
  requestsPerClient: number;
}

export interface RestLoadResult {
  /** Latency of every counted request, ms. */
  samples: number[];
  /** Counted requests per second of wall-clock time. */
  requestsPerSecond: number;
}

async function pointSelect(target: RestTarget, user: BenchUser, profileId: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${target.url}/rest/v1/profiles?select=*&id=eq.${profileId}`, {
    headers: {
      apikey: target.anonKey,
      authorization: `Bearer ${user.token}`,
      accept: 'application/json',
    },
  });
  const body = (await response.json()) as unknown;
  const elapsed = performance.now() - started;
  if (!response.ok || !Array.isArray(body) || body.length !== 1) {
    throw new Error(`point select answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`);
  }
  return elapsed;
}

export async function measureRestLoad(
  target: RestTarget,
  users: readonly BenchUser[],
  options: RestLoadOptions,
): Promise<RestLoadResult> {
  const clients = users.slice(0, options.concurrency);
  if (clients.length < options.concurrency) throw new Error('not enough users for the clients');

  const round = async (count: number, samples: number[] | null) => {
    await Promise.all(
      clients.map(async (user) => {
        for (let i = 0; i < count; i++) {
          const ms = await pointSelect(target, user, user.id);
          samples?.push(ms);
        }
      }),
    );
  };

  await round(options.warmupPerClient, null);
  const samples: number[] = [];
  const started = performance.now();
  await round(options.requestsPerClient, samples);
  const seconds = (performance.now() - started) / 1000;
  return { samples, requestsPerSecond: samples.length / seconds };
}

export interface RestLoadJob {
  target: RestTarget;
  users: BenchUser[];
  options: RestLoadOptions;
}

export type RestLoadReply = { ok: true; result: RestLoadResult } | { ok: false; error: string };

/** `measureRestLoad` in a child Node process (tsx loader), bounded by `timeoutMs`; the child always ends. */
export function measureRestLoadInChild(job: RestLoadJob, timeoutMs: number): Promise<RestLoadResult> {
  const child = fork(fileURLToPath(new URL('./rest-load-process.ts', import.meta.url)), [], {
    // The loader by absolute URL, so the child starts whatever the working directory is.
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<RestLoadResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`REST load child: timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    child.once('message', (reply: RestLoadReply) => {
      clearTimeout(timer);
      if (reply.ok) resolve(reply.result);
      else reject(new Error(`REST load child: ${reply.error}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`REST load child exited with ${code ?? 'a signal'} before answering`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.send(job);
  });
}

/** The same request from one client at a time: the per-request cost without queueing. */
export async function measureRestSerial(
  target: RestTarget,
  users: readonly BenchUser[],
  count: number,
): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const user = users[i % users.length];
    if (!user) throw new Error('no users');
    samples.push(await pointSelect(target, user, user.id));
  }
  return samples;
}
