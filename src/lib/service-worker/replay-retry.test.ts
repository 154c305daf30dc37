// The page's replay requests after `online`: again with a back-off while a pass leaves writes for a
// transient reason and the page is online; a fresh chain per `online`; nothing after offline.
import { describe, expect, it } from 'vitest';
import type { ReplaySummary } from '../../../service-worker/protocol';
import { REPLAY_RETRIES, ReplayRetry } from './replay-retry';

const summary = (retryLater: boolean): ReplaySummary => ({
  applied: retryLater ? 0 : 1,
  rejected: 0,
  remaining: retryLater ? 1 : 0,
  retryLater,
  waitingForToken: false,
});

function harness(answers: boolean[]) {
  let online = true;
  const calls: number[] = [];
  const timers: { ms: number; fn: () => void; cleared: boolean; fired?: boolean }[] = [];
  const retry = new ReplayRetry({
    replay: () => {
      calls.push(calls.length);
      const answer = answers.shift();
      return Promise.resolve(answer === undefined ? null : summary(answer));
    },
    isOnline: () => online,
    setTimeout: (fn, ms) => {
      const t = { ms, fn, cleared: false };
      timers.push(t);
      return t;
    },
    clearTimeout: (t) => {
      (t as { cleared: boolean }).cleared = true;
    },
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  /** Runs the last timer set (the next try) and lets its replay answer. */
  const fire = async () => {
    const t = timers.at(-1)!;
    if (t.cleared || t.fired) return;
    t.fired = true;
    t.fn();
    await settle();
  };
  return {
    retry,
    calls,
    timers,
    settle,
    fire,
    setOnline: (v: boolean) => (online = v),
  };
}

describe('ReplayRetry', () => {
  it('asks again 2 s, 4 s, 8 s … later while a pass leaves writes, and stops once one empties the queue', async () => {
    const h = harness([true, true, true, false]);
    h.retry.start();
    await h.settle();
    await h.fire();
    await h.fire();
    await h.fire();
    expect(h.calls).toHaveLength(4);
    expect(h.timers.map((t) => t.ms)).toEqual([2000, 4000, 8000]);
  });

  it(`gives up after ${REPLAY_RETRIES} tries (Background Sync, the next online or start take over)`, async () => {
    const h = harness(Array.from({ length: 20 }, () => true));
    h.retry.start();
    await h.settle();
    for (let i = 0; i < 10; i++) await h.fire();
    expect(h.calls).toHaveLength(1 + REPLAY_RETRIES);
    expect(h.timers.map((t) => t.ms)).toEqual([2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it('does not ask again offline, nor without an answer (no service worker)', async () => {
    const h = harness([true]);
    h.setOnline(false);
    h.retry.start();
    await h.settle();
    expect(h.timers).toEqual([]);
    const none = harness([]);
    none.retry.start();
    await none.settle();
    expect(none.timers).toEqual([]);
  });

  it('offline cancels the pending try; the next online starts a fresh chain', async () => {
    const h = harness([true, true, false]);
    h.retry.start();
    await h.settle();
    h.retry.cancel();
    expect(h.timers[0]!.cleared).toBe(true);
    h.retry.start();
    await h.settle();
    expect(h.timers.map((t) => t.ms)).toEqual([2000, 2000]);
    await h.fire();
    expect(h.calls).toHaveLength(3);
  });

  it('tries again for a write queued while the pass that online started was under way (it found the queue empty)', async () => {
    // CI, join.test.ts: the sync worker held a join offline and sent it on `online`; the request failed
    // before the network carried it and was queued after the page's pass had read an empty queue. The
    // chain ended, and the write waited for the next `online`.
    const h = harness([false, false]);
    h.retry.start();
    h.retry.nudge(); // QUEUE_CHANGED (the queue grew) while that pass runs
    await h.settle();
    expect(h.timers.map((t) => t.ms)).toEqual([2000]);
    await h.fire();
    expect(h.calls).toHaveLength(2);
    expect(h.timers).toHaveLength(1); // emptied: no further try
  });

  it('gives a write queued while online and no chain runs a try of its own 2 s later, with the usual back-off', async () => {
    const h = harness([true, false]);
    h.retry.nudge();
    expect(h.calls).toHaveLength(0);
    expect(h.timers.map((t) => t.ms)).toEqual([2000]);
    h.retry.nudge(); // a try is already due: no second timer
    expect(h.timers).toHaveLength(1);
    await h.fire();
    await h.fire();
    expect(h.calls).toHaveLength(2);
    expect(h.timers.map((t) => t.ms)).toEqual([2000, 4000]);
  });

  it('ignores a nudge offline, and one that a cancelled pass saw', async () => {
    const h = harness([false, false]);
    h.setOnline(false);
    h.retry.nudge();
    expect(h.timers).toEqual([]);
    h.setOnline(true);
    h.retry.start();
    h.retry.nudge();
    h.retry.cancel(); // offline while the pass ran
    await h.settle();
    expect(h.timers).toEqual([]);
    h.retry.nudge(); // online again and a write queued: tried
    expect(h.timers.map((t) => t.ms)).toEqual([2000]);
  });
});
