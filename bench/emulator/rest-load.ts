/**
 * REST point selects under concurrency: `concurrency` clients (plain `fetch`, each with its own user
 * token, keep-alive connections) run point selects by primary key on `profiles`, the request the app
 * makes to show a person. Each client runs its share of the requests back to back; a warm-up round
 * (plan cache, connections) is not counted. Every answer is checked to be one row, so a refusal
 * cannot pass for a fast request.
 */
import type { Emulator } from '../../supabase/emulator/src/start-emulator';
import type { BenchUser } from './fixtures';

export interface RestLoadResult {
  /** Latency of every counted request, ms. */
  samples: number[];
  /** Counted requests per second of wall-clock time. */
  requestsPerSecond: number;
}

async function pointSelect(emulator: Emulator, user: BenchUser, profileId: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${emulator.url}/rest/v1/profiles?select=*&id=eq.${profileId}`, {
    headers: {
      apikey: emulator.status.ANON_KEY,
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
  emulator: Emulator,
  users: readonly BenchUser[],
  options: { concurrency: number; warmupPerClient: number; requestsPerClient: number },
): Promise<RestLoadResult> {
  const clients = users.slice(0, options.concurrency);
  if (clients.length < options.concurrency) throw new Error('not enough users for the clients');
  const target = (client: number, i: number) => users[(client * 7 + i) % users.length]?.id ?? '';

  const round = async (count: number, samples: number[] | null) => {
    await Promise.all(
      clients.map(async (user, client) => {
        for (let i = 0; i < count; i++) {
          const ms = await pointSelect(emulator, user, target(client, i));
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

/** The same request from one client at a time: the per-request cost without queueing. */
export async function measureRestSerial(
  emulator: Emulator,
  users: readonly BenchUser[],
  count: number,
): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const user = users[i % users.length];
    const other = users[(i * 3 + 1) % users.length];
    if (!user || !other) throw new Error('no users');
    samples.push(await pointSelect(emulator, user, other.id));
  }
  return samples;
}
