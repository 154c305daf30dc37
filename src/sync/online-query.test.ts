// @clock-sensitive: wall clock, fake timers
// The data-client rules under fake timers: fresh 5 min, dropped 10 min after last use, retries (3 for
// queries, never on 4xx; 1 for mutations) with delays 1 s, 2 s, 4 s ... capped at 30 s.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RpcResult } from '../../sync-worker/api';
import { OnlineQueryClient } from './online-query';
import { retryDelay, shouldRetry } from './retry';

const ok = (data: unknown): RpcResult => ({ ok: true, data });
const fail = (status: number): RpcResult => ({
  ok: false,
  error: { code: String(status), message: `HTTP ${status}`, status },
});

/** A scripted server: answers in order, records when each call came. */
function script(answers: RpcResult[]) {
  const calls: number[] = [];
  const call = vi.fn(async () => {
    calls.push(Date.now());
    return answers.shift() ?? ok('default');
  });
  return { call, calls };
}

describe('retry rules', () => {
  it('doubles the delay from 1 s and caps it at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
  it('retries queries 3 times, mutations once, never on 4xx', () => {
    expect([1, 2, 3, 4].map((n) => shouldRetry('query', n, 503))).toEqual([true, true, true, false]);
    expect([1, 2].map((n) => shouldRetry('mutation', n, 0))).toEqual([true, false]);
    for (const s of [400, 401, 404, 409, 499]) expect(shouldRetry('query', 1, s)).toBe(false);
    expect(shouldRetry('query', 1, 500)).toBe(true);
  });
});

describe('OnlineQueryClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('serves a fresh answer for 5 minutes, then fetches again', async () => {
    const { call } = script([ok(1), ok(2)]);
    const client = new OnlineQueryClient({ call });
    expect(await client.query('discover_people', { p_limit: 5 })).toEqual(ok(1));
    vi.advanceTimersByTime(5 * 60_000 - 1);
    expect(await client.query('discover_people', { p_limit: 5 })).toEqual(ok(1));
    expect(call).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(await client.query('discover_people', { p_limit: 5 })).toEqual(ok(2));
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('shares one request between concurrent callers and keys by arguments', async () => {
    const { call } = script([ok('a'), ok('b')]);
    const client = new OnlineQueryClient({ call });
    const [x, y] = await Promise.all([
      client.query('discover_people', { p_offset: 1 }),
      client.query('discover_people', { p_offset: 1 }),
    ]);
    expect(x).toEqual(y);
    await client.query('discover_people', { p_offset: 2 });
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('drops an entry nobody uses 10 minutes after its last use', async () => {
    const { call } = script([ok(1)]);
    const client = new OnlineQueryClient({ call });
    const off = client.subscribe('get_public_profile', { p_slug: 'x' }, () => undefined);
    await client.query('get_public_profile', { p_slug: 'x' });
    vi.advanceTimersByTime(60 * 60_000);
    expect(client.peek('get_public_profile', { p_slug: 'x' })).toEqual(ok(1));
    off();
    vi.advanceTimersByTime(10 * 60_000 - 1);
    expect(client.size).toBe(1);
    vi.advanceTimersByTime(1);
    expect(client.size).toBe(0);
  });

  it('retries a failed query 3 times after 1, 2 and 4 s', async () => {
    const { call, calls } = script([fail(503), fail(0), fail(502), ok('finally')]);
    const client = new OnlineQueryClient({ call });
    const start = Date.now();
    const pending = client.query('discover_people', {});
    await vi.advanceTimersByTimeAsync(7000);
    expect(await pending).toEqual(ok('finally'));
    expect(calls.map((t) => t - start)).toEqual([0, 1000, 3000, 7000]);
  });

  it('gives up after the 3rd retry and never retries a 4xx', async () => {
    const failing = script([fail(500), fail(500), fail(500), fail(500), ok('late')]);
    const client = new OnlineQueryClient({ call: failing.call });
    const pending = client.query('discover_people', {});
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await pending).toEqual(fail(500));
    expect(failing.call).toHaveBeenCalledTimes(4);

    const refused = script([fail(404), ok('never')]);
    const client2 = new OnlineQueryClient({ call: refused.call });
    const answer = client2.query('get_public_profile', { p_slug: 'gone' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await answer).toEqual(fail(404));
    expect(refused.call).toHaveBeenCalledTimes(1);
  });

  it('retries a failed mutation once, after 1 s', async () => {
    const { call, calls } = script([fail(503), fail(503), ok('x')]);
    const client = new OnlineQueryClient({ call });
    const start = Date.now();
    const pending = client.mutate('send_friend_request', { p_receiver_id: 'u' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await pending).toEqual(fail(503));
    expect(calls.map((t) => t - start)).toEqual([0, 1000]);
  });

  it('does not cache failures as fresh and refetches after invalidate', async () => {
    const { call } = script([fail(404), ok(1), ok(2)]);
    const client = new OnlineQueryClient({ call });
    expect(await client.query('get_friends_checked_in', {})).toEqual(fail(404));
    expect(await client.query('get_friends_checked_in', {})).toEqual(ok(1));
    client.invalidate('get_friends_checked_in');
    expect(await client.query('get_friends_checked_in', {})).toEqual(ok(2));
  });
});
