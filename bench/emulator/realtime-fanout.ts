/**
 * Realtime fan-out: `subscribers` supabase-js clients (one WebSocket each, over `ws` since Node 20 has
 * no WebSocket), each signed in as a different user and subscribed to `postgres_changes` INSERTs on
 * `gyms` (every signed-in user may read verified gyms, so each delivery is RLS-checked for its own
 * user). Then `inserts` verified gyms are inserted one after another (straight into the database as
 * the superuser: the write path is not what this measures), and the time from just before each INSERT
 * until each subscriber's callback is recorded. All clients are SUBSCRIBED (and told
 * "Subscribed to PostgreSQL") before the first insert; every wait is bounded; every client is closed.
 */
import {
  REALTIME_SUBSCRIBE_STATES,
  createClient,
  type SupabaseClient,
  type SupabaseClientOptions,
} from '@supabase/supabase-js';
import WebSocket from 'ws';
import type { Emulator } from '../../supabase/emulator/src/start-emulator';
import { sleep, withTimeout, type BenchUser } from './fixtures';

type RealtimeTransport = NonNullable<NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']>;

export interface FanoutResult {
  /** One sample per delivery (subscribers x inserts), ms. */
  deliveries: number[];
  /** Per insert: until the last subscriber had it, ms. */
  lastDelivery: number[];
  /** Time for all clients to reach SUBSCRIBED, ms. */
  subscribeMs: number;
}

const SUBSCRIBE_TIMEOUT_MS = 30_000;
const DELIVERY_TIMEOUT_MS = 15_000;
/** Pause between inserts so each one is measured on its own rather than queued behind the last. */
const GAP_MS = 50;

function userClient(emulator: Emulator, token: string): SupabaseClient {
  return createClient(emulator.url, emulator.status.ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as RealtimeTransport },
    accessToken: async () => token,
  }) as SupabaseClient;
}

/** Resolves when the channel is SUBSCRIBED and the server confirmed the PostgreSQL subscription. */
function subscribed(client: SupabaseClient, name: string, onInsert: (id: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let joined = false;
    let ready = false;
    client
      .channel(name)
      .on('system', {}, (payload: { extension?: string; status?: string; message?: string }) => {
        if (payload.extension !== 'postgres_changes') return;
        if (payload.status !== 'ok') {
          reject(new Error(`${name}: ${payload.message ?? 'postgres_changes error'}`));
          return;
        }
        ready = true;
        if (joined) resolve();
      })
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'gyms' }, (payload) => {
        const id = (payload.new as { id?: unknown }).id;
        if (typeof id === 'string') onInsert(id);
      })
      .subscribe((status, error) => {
        if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) {
          joined = true;
          if (ready) resolve();
        } else {
          reject(new Error(`${name}: ${status}${error ? ` (${error.message})` : ''}`));
        }
      }, SUBSCRIBE_TIMEOUT_MS);
  });
}

export async function measureFanout(
  emulator: Emulator,
  users: readonly BenchUser[],
  options: { subscribers: number; inserts: number; runId: string },
): Promise<FanoutResult> {
  const subscribers = users.slice(0, options.subscribers);
  if (subscribers.length < options.subscribers) throw new Error('not enough users for the subscribers');
  const clients: SupabaseClient[] = [];
  // The insert in flight: its gym id, when it started and the subscribers that still owe a delivery
  // (a duplicate delivery to one subscriber is not counted twice).
  let current: { id: string; started: number; due: Set<number>; done: () => void } | null = null;
  const result: FanoutResult = { deliveries: [], lastDelivery: [], subscribeMs: 0 };
  const onInsert = (subscriber: number, id: string) => {
    if (!current || current.id !== id || !current.due.delete(subscriber)) return;
    result.deliveries.push(performance.now() - current.started);
    if (current.due.size === 0) current.done();
  };

  try {
    const subscribeStarted = performance.now();
    for (const user of subscribers) clients.push(userClient(emulator, user.token));
    // supabase-js hands the token to realtime a few microtasks after construction; a join sent in the
    // same tick would carry the anon key instead, so give it a turn as an app's first render would.
    await new Promise((resolve) => setImmediate(resolve));
    await withTimeout(
      Promise.all(clients.map((client, i) => subscribed(client, `bench-gyms-${i}`, (id) => onInsert(i, id)))),
      SUBSCRIBE_TIMEOUT_MS + 5_000,
      `subscribing ${clients.length} clients`,
    );
    result.subscribeMs = performance.now() - subscribeStarted;

    for (let i = 0; i < options.inserts; i++) {
      const id = `bench-${options.runId}-${i}`;
      const started = performance.now();
      const received = new Promise<void>((done) => {
        current = { id, started, due: new Set(subscribers.keys()), done };
      });
      await emulator.engine.query(
        `insert into public.gyms (id, name, address, city, country, latitude, longitude, verified)
         values ($1, 'Bench gym', 'Benchstrasse 1', 'Berlin', 'DE', 52.52, 13.405, true)`,
        [id],
      );
      await withTimeout(received, DELIVERY_TIMEOUT_MS, `delivery of insert ${i}`);
      result.lastDelivery.push(performance.now() - started);
      current = null;
      await sleep(GAP_MS);
    }
    return result;
  } finally {
    // realtime-js's disconnect leaves its own 10 s fallback timer running after the socket closed, so a
    // process that does not call process.exit lingers up to 10 s after this; nothing stays open.
    await Promise.all(
      clients.map(async (client) => {
        await client.removeAllChannels();
        await client.realtime.disconnect();
      }),
    );
  }
}
