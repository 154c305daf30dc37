import { describe, expect, it } from 'vitest';
import { FirstScreenLane, type LaneTimers } from './first-screen-lane';

/** Timers the test fires by hand. */
function manualTimers() {
  const pending = new Map<number, () => void>();
  let next = 0;
  const timers: LaneTimers = {
    setTimeout: (fn) => {
      next += 1;
      pending.set(next, fn);
      return next;
    },
    clearTimeout: (handle) => pending.delete(handle as number),
  };
  const fireAll = () => {
    for (const [id, fn] of [...pending]) {
      pending.delete(id);
      fn();
    }
  };
  return { timers, fireAll, count: () => pending.size };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

describe('FirstScreenLane', () => {
  it('opens once every named request is answered or failed, not before', async () => {
    const { timers } = manualTimers();
    const lane = new FirstScreenLane(['feed', 'profiles', 'workouts'], 2000, timers);
    let opened = false;
    void lane.history().then(() => (opened = true));
    lane.start();
    const feed = deferred();
    const profiles = deferred();
    lane.track('feed', feed.promise);
    lane.track('profiles', profiles.promise);
    feed.resolve();
    await flush();
    expect(opened).toBe(false);
    // A failed request is done too: the history must not wait for a retry.
    profiles.reject(new Error('offline'));
    await flush();
    expect(opened).toBe(false);
    // Not sent at all (the device holds the collection already).
    lane.skip('workouts');
    await flush();
    expect(opened).toBe(true);
    expect(lane.isOpen).toBe(true);
  });

  it('opens at the cap when a request hangs, and clears the cap when it opens earlier', async () => {
    const slow = manualTimers();
    const lane = new FirstScreenLane(['feed'], 2000, slow.timers);
    lane.track('feed', new Promise(() => undefined));
    lane.start();
    expect(lane.isOpen).toBe(false);
    slow.fireAll();
    await lane.history();
    expect(lane.isOpen).toBe(true);

    const quick = manualTimers();
    const other = new FirstScreenLane(['feed'], 2000, quick.timers);
    other.start();
    expect(quick.count()).toBe(1);
    other.skip('feed');
    expect(other.isOpen).toBe(true);
    expect(quick.count()).toBe(0);
  });

  it('with nothing to wait for, opens at start; names it was not made with change nothing', () => {
    const { timers } = manualTimers();
    const empty = new FirstScreenLane([], 2000, timers);
    expect(empty.isOpen).toBe(false);
    empty.start();
    expect(empty.isOpen).toBe(true);

    const lane = new FirstScreenLane(['feed'], 2000, timers);
    lane.skip('xp_events');
    expect(lane.isOpen).toBe(false);
    lane.openNow();
    expect(lane.isOpen).toBe(true);
  });
});
