// @clock-sensitive: token expiry, fake timers
// The realtime supervisor's schedule under fake timers, against a scripted channel that reports the
// statuses realtime-js reports (the real client is covered by the integration suites).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reconnectDelay } from '../../src/domain/backoff';
import {
  isTransportFailure,
  keyOf,
  LAZY_TRAIL_MS,
  MAX_ATTEMPTS_MESSAGE,
  RealtimeSupervisor,
} from './supervisor';
import type {
  BroadcastMessage,
  ChangePayload,
  ChannelLike,
  ChannelStatus,
  RealtimeClientLike,
} from './types';

interface ScriptedChannel extends ChannelLike {
  name: string;
  options: unknown;
  bindings: { event: string }[];
  callbacks: ((m: BroadcastMessage) => void)[];
  report(status: ChannelStatus, error?: Error): void;
  removed: boolean;
}

function scriptedClient() {
  const channels: ScriptedChannel[] = [];
  const client: RealtimeClientLike = {
    channel(name, options) {
      let statusCallback: ((s: ChannelStatus, e?: Error) => void) | null = null;
      const ch: ScriptedChannel = {
        name,
        options,
        bindings: [],
        callbacks: [],
        removed: false,
        on(_type, filter, callback) {
          ch.bindings.push(filter);
          ch.callbacks.push(callback);
          return ch;
        },
        subscribe(cb) {
          statusCallback = cb;
          return ch;
        },
        report(status, error) {
          statusCallback?.(status, error);
        },
      };
      channels.push(ch);
      return ch;
    },
    removeChannel(ch) {
      const c = ch as ScriptedChannel;
      c.removed = true;
      // realtime-js reports CLOSED to the removed channel's callback: the supervisor must ignore it.
      c.report('CLOSED');
      return Promise.resolve('ok');
    },
  };
  return { client, channels, last: () => channels.at(-1)! };
}

/**
 * The change as the user's topic carries it (the broadcast_changes shape); the rows name user u1 on
 * both sides, as the server's messages to u1's topic do.
 */
const deliver = (ch: ScriptedChannel | undefined, p: ChangePayload) =>
  ch?.callbacks[0]?.({
    event: p.eventType,
    payload: {
      operation: p.eventType,
      table: p.table,
      schema: p.schema,
      record: p.eventType === 'DELETE' ? null : { user_id: 'u1', receiver_id: 'u1', ...p.new },
      old_record: { user_id: 'u1', receiver_id: 'u1', ...p.old },
    },
  });

const payload = (table: string): ChangePayload => ({
  eventType: 'INSERT',
  table,
  schema: 'public',
  new: { id: 'x' },
  old: {},
});

describe('RealtimeSupervisor', () => {
  let errors: string[];
  const log = { error: (m: string) => errors.push(m) };
  beforeEach(() => {
    vi.useFakeTimers();
    errors = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function make(extra: Partial<ConstructorParameters<typeof RealtimeSupervisor>[0]> = {}) {
    const s = scriptedClient();
    const onSubscribed = vi.fn();
    const sup = new RealtimeSupervisor({
      client: s.client,
      log,
      timers: {
        setTimeout: (fn, ms) => setTimeout(fn, ms),
        clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
        now: () => Date.now(),
      },
      onSubscribed,
      ...extra,
    });
    return { ...s, sup, onSubscribed };
  }

  it('computes the back-off 1, 2, 4, 8, 16 s, capped at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => reconnectDelay(n))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(() => reconnectDelay(0)).toThrow(RangeError);
  });

  it('reconnects after exactly 1, 2, 4, 8 and 16 s, then stops with the max-attempts log', () => {
    const { sup, channels, last } = make();
    sup.setUser('u1');
    sup.on({ table: 'notifications', event: '*', filter: 'user_id=eq.u1' }, () => undefined);
    sup.start();
    expect(channels).toHaveLength(1);
    const failures: ChannelStatus[] = ['CHANNEL_ERROR', 'TIMED_OUT', 'CLOSED', 'CHANNEL_ERROR', 'TIMED_OUT'];
    const delays = [1000, 2000, 4000, 8000, 16000];
    for (const [i, status] of failures.entries()) {
      last().report(status);
      expect(sup.state).toBe('retrying');
      expect(sup.reconnectAttempts).toBe(i + 1);
      const before = channels.length;
      vi.advanceTimersByTime(delays[i]! - 1);
      expect(channels).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(channels).toHaveLength(before + 1);
      expect(last().name).toBe('user:u1');
    }
    // The 5th reconnect attempt fails too: no 6th.
    last().report('CHANNEL_ERROR');
    expect(errors).toContain(MAX_ATTEMPTS_MESSAGE);
    expect(sup.state).toBe('stopped');
    const count = channels.length;
    vi.advanceTimersByTime(10 * 60_000);
    expect(channels).toHaveLength(count);
    expect(channels.every((c, i) => i === channels.length - 1 || c.removed)).toBe(true);
  });

  it('tells a dropped connection (a warning) from a refusal by the server (an error)', () => {
    expect(isTransportFailure('CLOSED')).toBe(true);
    expect(isTransportFailure('TIMED_OUT')).toBe(true);
    expect(isTransportFailure('CHANNEL_ERROR', new Error('channel error: transport failure'))).toBe(true);
    expect(isTransportFailure('CHANNEL_ERROR', new Error('channel error: connection lost'))).toBe(true);
    expect(isTransportFailure('CHANNEL_ERROR', new Error('socket closed: 1006'))).toBe(true);
    expect(isTransportFailure('CHANNEL_ERROR', new Error('Token has expired 3 seconds ago'))).toBe(false);

    const warnings: string[] = [];
    const { sup, last } = make({ log: { ...log, warn: (m: string) => warnings.push(m) } });
    sup.setUser('u1');
    sup.start();
    last().report('CHANNEL_ERROR', new Error('channel error: transport failure'));
    expect(warnings).toEqual(['Realtime channel CHANNEL_ERROR']);
    expect(errors).toEqual([]);
    vi.advanceTimersByTime(1000);
    last().report('CHANNEL_ERROR', new Error('Token has expired 3 seconds ago'));
    expect(errors).toEqual(['Realtime channel CHANNEL_ERROR']);
  });

  it('resets the counter on SUBSCRIBED and resyncs on every (re)subscribe', () => {
    const { sup, channels, last, onSubscribed } = make();
    sup.setUser('u1');
    sup.start();
    last().report('CHANNEL_ERROR');
    vi.advanceTimersByTime(1000);
    last().report('CLOSED');
    vi.advanceTimersByTime(2000);
    expect(sup.reconnectAttempts).toBe(2);
    last().report('SUBSCRIBED');
    expect(sup.reconnectAttempts).toBe(0);
    expect(sup.state).toBe('subscribed');
    expect(onSubscribed).toHaveBeenCalledTimes(1);
    // The next failure starts from 1 s again.
    last().report('TIMED_OUT');
    const before = channels.length;
    vi.advanceTimersByTime(999);
    expect(channels).toHaveLength(before);
    vi.advanceTimersByTime(1);
    expect(channels).toHaveLength(before + 1);
    last().report('SUBSCRIBED');
    expect(onSubscribed).toHaveBeenCalledTimes(2);
  });

  it('restart() after the attempts ran out starts a fresh series', () => {
    const { sup, channels, last } = make();
    sup.setUser('u1');
    sup.start();
    for (const d of [1000, 2000, 4000, 8000, 16000]) {
      last().report('CHANNEL_ERROR');
      vi.advanceTimersByTime(d);
    }
    last().report('CHANNEL_ERROR');
    expect(sup.state).toBe('stopped');
    const count = channels.length;
    sup.restart();
    expect(channels).toHaveLength(count + 1);
    expect(sup.reconnectAttempts).toBe(0);
    last().report('CHANNEL_ERROR');
    vi.advanceTimersByTime(1000);
    expect(channels).toHaveLength(count + 2);
  });

  it('cleans up the old channel on a user change and subscribes for the new user', () => {
    const { sup, channels, last } = make();
    sup.setUser('u1');
    const first = vi.fn();
    sup.on({ table: 'notifications', event: '*', filter: 'user_id=eq.u1' }, first);
    sup.start();
    const old = last();
    sup.setUser('u2');
    expect(old.removed).toBe(true);
    expect(last().name).toBe('user:u2');
    // The old user's handlers went with the channel; the late event of the old channel is ignored.
    deliver(old, payload('notifications'));
    expect(first).not.toHaveBeenCalled();
    expect(channels).toHaveLength(2);
    // A failure reported by the removed channel does not schedule anything.
    old.report('CHANNEL_ERROR');
    expect(sup.reconnectAttempts).toBe(0);
  });

  it('keeps one handler per table, event, schema and filter: a repeated key replaces the old one', () => {
    const { sup, last } = make();
    sup.setUser('u1');
    const a = vi.fn();
    const b = vi.fn();
    const other = vi.fn();
    sup.on({ table: 'friend_requests', event: '*', filter: 'receiver_id=eq.u1' }, a);
    sup.on({ table: 'friend_requests', event: '*', schema: 'public', filter: 'receiver_id=eq.u1' }, b);
    sup.on({ table: 'friend_requests', event: '*', filter: 'sender_id=eq.u1' }, other);
    sup.start();
    // One private channel with one broadcast binding; the keys are matched on the messages' rows.
    expect(last().bindings).toEqual([{ event: '*' }]);
    expect(last().options).toEqual({ config: { private: true } });
    last().report('SUBSCRIBED');
    deliver(last(), payload('friend_requests'));
    expect(a).not.toHaveBeenCalled();
    expect(b).toHaveBeenCalledTimes(1);
    // Replacing while subscribed keeps the channel (same binding).
    const c = vi.fn();
    const channel = last();
    sup.on({ table: 'friend_requests', event: '*', filter: 'receiver_id=eq.u1' }, c);
    expect(last()).toBe(channel);
    deliver(channel, payload('friend_requests'));
    expect(c).toHaveBeenCalledTimes(1);
    expect(keyOf({ table: 't', event: '*' })).toBe(keyOf({ table: 't', event: '*', schema: 'public' }));
  });

  it('logs a registration error and returns a no-op unsubscribe', () => {
    const { sup } = make();
    const off = sup.on({ table: '', event: '*' }, () => undefined);
    expect(errors).toContain('Failed to register a realtime handler');
    expect(() => off()).not.toThrow();
  });

  it('delivers at most 2 times per 200 ms and 10 per second, coalescing a burst per binding (the latest event each)', () => {
    const { sup, last } = make();
    sup.setUser('u1');
    const workouts = vi.fn();
    const activities = vi.fn();
    sup.on({ table: 'workouts', event: '*', filter: 'user_id=eq.u1' }, workouts);
    sup.on({ table: 'activities', event: '*' }, activities);
    sup.start();
    last().report('SUBSCRIBED');
    const fire = (_index: number, p: ChangePayload) => deliver(last(), p);
    // The first two events go out at once (one 60 ms after another that came after a quiet while).
    fire(0, { ...payload('workouts'), new: { id: 'w0' } });
    expect(workouts).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60);
    fire(0, { ...payload('workouts'), new: { id: 'w0b' } });
    expect(workouts).toHaveBeenCalledTimes(2);
    workouts.mockClear();
    // A burst within the next 140 ms waits for one delivery (200 ms after the first): one call per
    // binding, the latest event.
    for (let i = 1; i <= 24; i++) fire(0, { ...payload('workouts'), new: { id: `w${i}` } });
    fire(1, payload('activities'));
    // A DELETE does not hide the changes before it.
    fire(0, { ...payload('workouts'), eventType: 'DELETE', new: {}, old: { id: 'w3' } });
    expect(workouts).not.toHaveBeenCalled();
    expect(activities).not.toHaveBeenCalled();
    vi.advanceTimersByTime(139);
    expect(workouts).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(workouts).toHaveBeenCalledTimes(1);
    expect(workouts.mock.calls[0]![0]).toMatchObject({ eventType: 'INSERT', new: { id: 'w24' } });
    // The handler learns that the delivery stands for 25 events (24 rows and the DELETE).
    expect(workouts.mock.calls[0]![1]).toEqual({ coalesced: 25 });
    expect(activities).toHaveBeenCalledTimes(1);
    // A steady flood: at most 10 deliveries per second, nothing waits longer than 200 ms.
    let deliveries = 0;
    workouts.mockImplementation(() => (deliveries += 1));
    for (let ms = 0; ms < 1000; ms += 10) {
      fire(0, payload('workouts'));
      vi.advanceTimersByTime(10);
    }
    expect(deliveries).toBeGreaterThanOrEqual(9);
    expect(deliveries).toBeLessThanOrEqual(10);
    // After a quiet interval the next event goes out at once again.
    vi.advanceTimersByTime(500);
    workouts.mockClear();
    fire(0, payload('workouts'));
    expect(workouts).toHaveBeenCalledTimes(1);
  });

  it('lets lazy bindings ride along with the next delivery instead of taking a slot of their own', () => {
    const { sup, last } = make({ isLazy: (key) => key.table === 'activities', lazyWaitMs: 500 });
    sup.setUser('u1');
    const calls: string[] = [];
    sup.on({ table: 'workouts', event: '*', filter: 'user_id=eq.u1' }, () => calls.push('workouts'));
    sup.on({ table: 'activities', event: '*' }, () => calls.push('activities'));
    sup.start();
    last().report('SUBSCRIBED');
    const fire = (_index: number, p: ChangePayload) => deliver(last(), p);
    // One server transaction: the row goes out at once, the activity waits (no delivery 100 ms later).
    fire(0, payload('workouts'));
    fire(1, payload('activities'));
    expect(calls).toEqual(['workouts']);
    vi.advanceTimersByTime(140);
    expect(calls).toEqual(['workouts']);
    // The next row is not held back by the activity: both go out together, the row at once, the
    // activity's handler a moment later (the row's pull reaches the server first).
    fire(0, payload('workouts'));
    expect(calls).toEqual(['workouts', 'workouts']);
    vi.advanceTimersByTime(LAZY_TRAIL_MS);
    expect(calls).toEqual(['workouts', 'workouts', 'activities']);
    // A row within 100 ms of that delivery still waits for the next slot (at most 10 per second).
    fire(0, payload('workouts'));
    expect(calls).toHaveLength(3);
    vi.advanceTimersByTime(100 - LAZY_TRAIL_MS);
    expect(calls).toHaveLength(4);
    // A lazy event alone goes out after lazyWaitMs, never lost.
    calls.length = 0;
    fire(1, payload('activities'));
    vi.advanceTimersByTime(499);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['activities']);
    // A row arriving while a lazy event waits takes it along at the row's slot.
    calls.length = 0;
    vi.advanceTimersByTime(200);
    fire(1, payload('activities'));
    vi.advanceTimersByTime(30);
    fire(0, payload('workouts'));
    expect(calls).toEqual(['workouts']);
    vi.advanceTimersByTime(LAZY_TRAIL_MS);
    expect(calls).toEqual(['workouts', 'activities']);
    vi.advanceTimersByTime(1000);
    expect(calls).toHaveLength(2);
  });

  it('drops waiting events with the channel (the next subscribe resyncs)', () => {
    const { sup, last } = make();
    sup.setUser('u1');
    const handler = vi.fn();
    sup.on({ table: 'workouts', event: '*' }, handler);
    sup.start();
    last().report('SUBSCRIBED');
    // Two deliveries at once (2 per 200 ms), the third waits.
    for (let i = 0; i < 3; i++) deliver(last(), payload('workouts'));
    expect(handler).toHaveBeenCalledTimes(2);
    sup.stop();
    vi.advanceTimersByTime(1000);
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it('stop() removes the channel and cancels a pending reconnect', () => {
    const { sup, channels, last } = make();
    sup.setUser('u1');
    sup.start();
    last().report('CHANNEL_ERROR');
    sup.stop();
    vi.advanceTimersByTime(60_000);
    expect(channels).toHaveLength(1);
    expect(sup.state).toBe('stopped');
  });
});
