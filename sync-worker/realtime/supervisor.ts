/**
 * The realtime channel, as the spec's point 4 says. Owns one private Broadcast channel per device
 * (`user:<id>`, `config.private`: hosted Realtime lets only the user join it, by RLS on
 * realtime.messages) on which the database sends every change the user may see
 * (supabase/migrations/20261206200100_live_topic_senders.sql), routes each message to the handlers whose
 * key (table, event, row filter) it matches (`row-filters.ts`), and owns the channel's lifecycle:
 * - on CLOSED, CHANNEL_ERROR or TIMED_OUT the channel is removed (ending realtime-js's own rejoin
 *   timers) and subscribed again after 1 s, 2 s, 4 s, 8 s, 16 s (doubling, cap 30 s), at most 5 attempts;
 *   SUBSCRIBED resets the counter; after the 5th failure it logs `Max reconnection attempts reached` and
 *   stops until `restart()` (the `online` event or syncNow);
 * - changing user removes the old channel and its handlers;
 * - one handler per table + event + schema + filter key: a repeated key replaces the handler in place;
 *   `onAll` registers one handler under several keys; keys are matched on this side, so a new key needs
 *   no new join;
 * - at most `eventsPerSecond` deliveries in any second, and at most 2 in any two intervals
 *   (1000/eventsPerSecond ms each): an event arriving sooner waits for the next delivery, and a burst
 *   is coalesced per binding (each handler gets the latest event of its key once; an INSERT/UPDATE is
 *   never replaced by a DELETE). The handlers only trigger pulls and re-reads, so one call covers the
 *   whole burst, and under a flood nothing waits longer than two intervals (before: events past 10 in
 *   a 1-second window were dropped and a full resync ran when the window ended, up to a second later).
 *   Two per two intervals rather than one per interval: writes a user makes about 10 times a second
 *   come unevenly spaced, and one that came 60 ms after the last delivery waited the rest of the
 *   interval although the one before it had come 140 ms after its predecessor (bench sync
 *   cross_device: up to 40 ms on 1 write in 10);
 * - bindings the owner marks lazy (`isLazy`: the feed and other local documents, not replicated rows)
 *   never claim a delivery of their own while it can wait: their events ride along with the next
 *   delivery of another binding, or go out `lazyWaitMs` after they arrived. One write on the server
 *   changes a replicated row and an `activities` row in one transaction; delivered one interval apart,
 *   the second took the slot the next write's row then had to wait for (bench sync: up to 80 ms).
 *   Riding along, they are called `LAZY_TRAIL_MS` after the other handlers of that delivery;
 * - errors while registering are logged and give a no-op unsubscribe.
 */
import { REALTIME_EVENTS_PER_SECOND } from '../../src/domain/constants';
import { REALTIME_BACKOFF, reconnectDelay, type BackoffPolicy } from '../../src/domain/backoff';
import { changeOf, keyMatches } from './row-filters';
import type {
  BroadcastMessage,
  ChangeKey,
  ChangePayload,
  ChannelLike,
  ChannelStatus,
  RealtimeClientLike,
} from './types';

export type SupervisorState = 'idle' | 'subscribing' | 'subscribed' | 'retrying' | 'stopped';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

export interface SupervisorLogger {
  error(message: string, detail?: unknown): void;
  /** Expected trouble: the connection dropped (offline, a gym basement); the supervisor retries. */
  warn?(message: string, detail?: unknown): void;
}

/**
 * Whether a channel failure is the network's (the socket closed, timed out or failed) rather than the
 * server refusing the channel (an expired token, a bad filter). realtime-js reports transport failures as
 * `channel error: transport failure` / `connection lost` or `socket closed: <code>` (normalizeChannelError).
 */
export function isTransportFailure(status: ChannelStatus, error?: Error): boolean {
  if (status === 'CLOSED' || status === 'TIMED_OUT') return true;
  const message = error?.message ?? '';
  return (
    error === undefined || /^(channel error: (transport failure|connection lost)|socket closed)/.test(message)
  );
}

export interface RealtimeSupervisorOptions {
  client: RealtimeClientLike;
  log?: SupervisorLogger;
  timers?: Timers;
  backoff?: BackoffPolicy;
  eventsPerSecond?: number;
  /** Every successful (re)subscribe: the sync worker resyncs, covering whatever the gap missed. */
  onSubscribed?: () => void;
  /** Bindings whose events may wait for another delivery (at most `lazyWaitMs`); default none. */
  isLazy?: (key: ChangeKey) => boolean;
  /** The longest a lazy binding's event waits for another delivery to ride along with. */
  lazyWaitMs?: number;
  onState?: (state: SupervisorState) => void;
}

/** What a handler learns besides the latest event of its key. */
export interface Delivery {
  /** How many events of the key this delivery stands for (1: `payload` is the only one). */
  coalesced: number;
}

export type ChangeHandler = (payload: ChangePayload, delivery: Delivery) => void;

type Waiting = { payload: ChangePayload; coalesced: number };

export const MAX_ATTEMPTS_MESSAGE = 'Max reconnection attempts reached';
/** Default `lazyWaitMs`: the feed may show a friend's activity half a second later. */
export const LAZY_WAIT_MS = 500;
/** Lazy handlers riding along with a delivery run this long after the rows' handlers. */
export const LAZY_TRAIL_MS = 50;

export function keyOf(key: ChangeKey): string {
  return [key.table, key.event, key.schema ?? 'public', key.filter ?? ''].join('|');
}

export class RealtimeSupervisor {
  private userId: string | null = null;
  private readonly handlers = new Map<string, { key: ChangeKey; fn: ChangeHandler }>();
  private channel: ChannelLike | null = null;
  /** Increases whenever the current channel is replaced, so late callbacks of old ones are ignored. */
  private generation = 0;
  private attempts = 0;
  private retryTimer: unknown = null;
  private running = false;
  private currentState: SupervisorState = 'idle';
  /** When the latest deliveries ran (timers.now()), oldest first, at most `eventsPerSecond` of them. */
  private readonly deliveries: number[] = [];
  /** Events waiting for the next delivery: the latest per handler key, and how many it stands for. */
  private readonly waiting = new Map<string, { payload: ChangePayload; coalesced: number }>();
  /** Whether a waiting event is of a binding that is not lazy (it goes out at the next slot). */
  private urgentWaiting = false;
  /** When the oldest waiting lazy event arrived (timers.now()), or null. */
  private lazySince: number | null = null;
  private deliveryTimer: unknown = null;
  /** When the scheduled delivery runs (timers.now() clock). */
  private deliveryDue = Infinity;
  private readonly timers: Timers;
  private readonly backoff: BackoffPolicy;
  private readonly eventsPerSecond: number;
  private readonly log: SupervisorLogger;

  constructor(private readonly options: RealtimeSupervisorOptions) {
    this.timers = options.timers ?? realTimers;
    this.backoff = options.backoff ?? REALTIME_BACKOFF;
    this.eventsPerSecond = options.eventsPerSecond ?? REALTIME_EVENTS_PER_SECOND;
    this.log = options.log ?? {
      error: (m, d) => console.error(`[realtime] ${m}`, d ?? ''),
      warn: (m, d) => console.warn(`[realtime] ${m}`, d ?? ''),
    };
  }

  get state(): SupervisorState {
    return this.currentState;
  }

  get reconnectAttempts(): number {
    return this.attempts;
  }

  get user(): string | null {
    return this.userId;
  }

  /** Switches to another user (or none): the old channel and its handlers go. */
  setUser(userId: string | null): void {
    if (userId === this.userId) return;
    this.teardown();
    this.handlers.clear();
    this.userId = userId;
    this.attempts = 0;
    this.setState('idle');
    if (this.running) this.subscribeNow();
  }

  /** Adds or replaces the handler for `key`; returns its unsubscribe (a no-op if registering failed). */
  on(key: ChangeKey, fn: ChangeHandler): () => void {
    return this.onAll([key], fn);
  }

  /**
   * Adds or replaces one handler for several keys (keys are matched on this side: no new join); returns
   * one unsubscribe for all of them (a no-op if registering failed).
   */
  onAll(keys: readonly ChangeKey[], fn: ChangeHandler): () => void {
    try {
      const entries = keys.map((key) => {
        if (!key.table) throw new TypeError('realtime handler without a table');
        return [keyOf(key), { key, fn }] as const;
      });
      for (const [id, entry] of entries) this.handlers.set(id, entry);
      return () => {
        for (const [id, entry] of entries) if (this.handlers.get(id) === entry) this.handlers.delete(id);
      };
    } catch (error) {
      this.log.error('Failed to register a realtime handler', error);
      return () => undefined;
    }
  }

  start(): void {
    this.running = true;
    if (this.channel === null && this.retryTimer === null) this.subscribeNow();
  }

  /** After the attempts ran out (or any time): a fresh series of attempts, counter reset. */
  restart(): void {
    this.attempts = 0;
    this.teardown();
    this.running = true;
    this.subscribeNow();
  }

  stop(): void {
    this.running = false;
    this.teardown();
    this.setState('stopped');
  }

  private subscribeNow(): void {
    if (!this.running || this.userId === null) return;
    const generation = ++this.generation;
    let channel: ChannelLike;
    try {
      channel = this.options.client
        .channel(`user:${this.userId}`, { config: { private: true } })
        .on('broadcast', { event: '*' }, (message) => this.route(generation, message));
      this.channel = channel;
      this.setState('subscribing');
      channel.subscribe((status, error) => this.onStatus(generation, status, error));
    } catch (error) {
      this.log.error('Realtime channel error', error);
      this.onStatus(generation, 'CHANNEL_ERROR', error instanceof Error ? error : undefined);
    }
  }

  private onStatus(generation: number, status: ChannelStatus, error?: Error): void {
    if (generation !== this.generation) return;
    if (status === 'SUBSCRIBED') {
      this.attempts = 0;
      this.setState('subscribed');
      this.options.onSubscribed?.();
      return;
    }
    // A dropped connection is routine offline; it is a warning, and only running out of attempts (below)
    // or a refusal by the server is an error.
    const message = `Realtime channel ${status}`;
    if (isTransportFailure(status, error) && this.log.warn) this.log.warn(message, error?.message);
    else this.log.error(message, error?.message);
    this.teardown();
    if (!this.running) return;
    if (this.attempts >= this.backoff.maxAttempts) {
      this.log.error(MAX_ATTEMPTS_MESSAGE);
      this.running = false;
      this.setState('stopped');
      return;
    }
    this.attempts += 1;
    const delay = reconnectDelay(this.attempts, this.backoff);
    this.setState('retrying');
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.subscribeNow();
    }, delay);
  }

  /**
   * Removes the current channel (its late status callbacks are ignored), any pending retry and the
   * events still waiting for delivery (every subscribe resyncs, which covers them).
   */
  private teardown(): void {
    this.generation += 1;
    if (this.retryTimer !== null) {
      this.timers.clearTimeout(this.retryTimer);
      this.retryTimer = null;
    }
    this.cancelDelivery();
    this.waiting.clear();
    this.urgentWaiting = false;
    this.lazySince = null;
    const channel = this.channel;
    this.channel = null;
    if (channel !== null) {
      this.options.client.removeChannel(channel).catch((error: unknown) => {
        this.log.error('Failed to remove a realtime channel', error);
      });
    }
  }

  /** A message of the user's topic to every handler whose key it matches. */
  private route(generation: number, message: BroadcastMessage): void {
    if (generation !== this.generation) return;
    const change = changeOf(message);
    if (!change) return;
    for (const [id, { key }] of this.handlers) {
      if (keyMatches(key, change)) this.dispatch(generation, id, change);
    }
  }

  private dispatch(generation: number, id: string, payload: ChangePayload): void {
    if (generation !== this.generation) return;
    const previous = this.waiting.get(id);
    const coalesced = (previous?.coalesced ?? 0) + 1;
    // A DELETE is ignored by the sync worker (rows are soft-deleted): it must not hide a change.
    if (!previous || payload.eventType !== 'DELETE' || previous.payload.eventType === 'DELETE') {
      this.waiting.set(id, { payload, coalesced });
    } else {
      previous.coalesced = coalesced;
    }
    const entry = this.handlers.get(id);
    if (entry && this.options.isLazy?.(entry.key)) this.lazySince ??= this.timers.now();
    else this.urgentWaiting = true;
    this.schedule();
  }

  /** (Re)schedules the delivery of what is waiting: the next slot, or later when only lazy events wait. */
  private schedule(): void {
    const slot = this.nextSlot();
    const lazyDue = (this.lazySince ?? Infinity) + (this.options.lazyWaitMs ?? LAZY_WAIT_MS);
    const due = this.urgentWaiting ? slot : Math.max(slot, lazyDue);
    if (due === Infinity) return;
    const now = this.timers.now();
    if (due <= now) {
      this.cancelDelivery();
      this.deliver();
      return;
    }
    if (this.deliveryTimer !== null && this.deliveryDue <= due) return;
    this.cancelDelivery();
    this.deliveryDue = due;
    this.deliveryTimer = this.timers.setTimeout(() => {
      this.deliveryTimer = null;
      this.deliveryDue = Infinity;
      this.deliver();
    }, due - now);
  }

  /** The earliest time the next delivery may run: 2 per two intervals, `eventsPerSecond` per second. */
  private nextSlot(): number {
    const { deliveries, eventsPerSecond } = this;
    const count = deliveries.length;
    const pair = count >= 2 ? (deliveries[count - 2] ?? 0) + 2000 / eventsPerSecond : -Infinity;
    const second = count >= eventsPerSecond ? (deliveries[count - eventsPerSecond] ?? 0) + 1000 : -Infinity;
    return Math.max(pair, second);
  }

  private cancelDelivery(): void {
    if (this.deliveryTimer === null) return;
    this.timers.clearTimeout(this.deliveryTimer);
    this.deliveryTimer = null;
    this.deliveryDue = Infinity;
  }

  private deliver(): void {
    this.deliveries.push(this.timers.now());
    if (this.deliveries.length > Math.max(2, this.eventsPerSecond)) this.deliveries.shift();
    this.urgentWaiting = false;
    this.lazySince = null;
    const rows: [string, Waiting][] = [];
    const lazy: [string, Waiting][] = [];
    for (const item of this.waiting) {
      const entry = this.handlers.get(item[0]);
      (entry && this.options.isLazy?.(entry.key) ? lazy : rows).push(item);
    }
    this.waiting.clear();
    this.call(rows);
    if (lazy.length === 0) return;
    if (rows.length === 0) {
      this.call(lazy);
      return;
    }
    // Still this delivery, a moment later: the rows' handlers start pulls, which then reach the server
    // ahead of the re-reads the lazy ones start. A channel replaced meanwhile drops them (its subscribe
    // resyncs everything, local documents included).
    const generation = this.generation;
    this.timers.setTimeout(() => {
      if (generation === this.generation) this.call(lazy);
    }, LAZY_TRAIL_MS);
  }

  private call(batch: readonly [string, Waiting][]): void {
    for (const [id, { payload, coalesced }] of batch) {
      try {
        this.handlers.get(id)?.fn(payload, { coalesced });
      } catch (error) {
        this.log.error('A realtime handler failed', error);
      }
    }
  }

  private setState(state: SupervisorState): void {
    if (state === this.currentState) return;
    this.currentState = state;
    this.options.onState?.(state);
  }
}
