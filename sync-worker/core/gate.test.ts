// @clock-sensitive: token expiry, Retry-After
// The gate's rules: requests wait while offline, without a token, after a 401 for the current token, or
// after a failure until a nudge; closing rejects the waiters. And how failures are classified.
import { describe, expect, it } from 'vitest';
import { classify, SyncError } from './errors';
import { SyncGate, type GateTimers } from './gate';

/** Timers the test moves by hand: what is due runs on `advance`. */
function manualTimers() {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  const timers: GateTimers = {
    setTimeout: (fn, ms) => {
      const id = next++;
      due.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (id) => due.delete(id as number),
    now: () => now,
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...due].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at > now) continue;
      due.delete(id);
      t.fn();
    }
  };
  return { timers, advance, pending: () => [...due.values()].map((t) => t.at - now) };
}

const settled = async (p: Promise<void>) => {
  let state = 'pending';
  p.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((r) => setTimeout(r, 0));
  return state;
};

describe('SyncGate', () => {
  it('opens only with a token, online, not refused and not held', async () => {
    const gate = new SyncGate();
    const waiting = gate.wait();
    expect(await settled(waiting)).toBe('pending');
    expect(gate.needsToken).toBe(true);
    gate.setToken('t1');
    expect(await settled(waiting)).toBe('resolved');

    gate.setOnline(false);
    const offline = gate.wait();
    expect(await settled(offline)).toBe('pending');
    gate.setOnline(true);
    expect(await settled(offline)).toBe('resolved');
  });

  it('waits for a different token after a 401 for the current one', async () => {
    const gate = new SyncGate();
    gate.setToken('t1');
    gate.refuse('t0'); // a late answer for an older token changes nothing
    expect(gate.isOpen).toBe(true);
    gate.refuse('t1');
    expect(gate.needsToken).toBe(true);
    const waiting = gate.wait();
    gate.setToken('t1');
    expect(await settled(waiting)).toBe('pending');
    gate.setToken('t2');
    expect(await settled(waiting)).toBe('resolved');
  });

  it('holds after a failure until nudged, and rejects waiters when closed', async () => {
    const gate = new SyncGate();
    gate.setToken('t');
    gate.hold('queued');
    const held = gate.wait();
    expect(await settled(held)).toBe('pending');
    gate.nudge();
    expect(await settled(held)).toBe('resolved');
    gate.hold('queued');
    const stopped = gate.wait();
    gate.close();
    expect(await settled(stopped)).toBe('rejected');
    await expect(gate.wait()).rejects.toThrow('sync stopped');
  });
});

describe('SyncGate after a request got no answer while online', () => {
  it('lets requests try again by itself: 2 s, 4 s, 8 s, 16 s, then every 30 s', () => {
    const clock = manualTimers();
    const gate = new SyncGate(clock.timers);
    gate.setToken('t');
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      gate.hold('network');
      expect(gate.isOpen).toBe(false);
      const [delay] = clock.pending();
      delays.push(delay!);
      clock.advance(delay! - 1);
      expect(gate.isOpen).toBe(false);
      clock.advance(1);
      expect(gate.isOpen).toBe(true);
    }
    expect(delays).toEqual([2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('starts again at 2 s after a calm minute, and after the device was offline', () => {
    const clock = manualTimers();
    const gate = new SyncGate(clock.timers);
    gate.setToken('t');
    gate.hold('network');
    clock.advance(2000);
    gate.hold('network');
    expect(clock.pending()).toEqual([4000]);
    clock.advance(4000);
    clock.advance(61_000); // requests went through for a while
    gate.hold('network');
    expect(clock.pending()).toEqual([2000]);
    gate.setOnline(false);
    expect(clock.pending()).toEqual([]); // offline: the online event nudges
    gate.setOnline(true);
    gate.hold('network');
    expect(clock.pending()).toEqual([2000]);
  });

  it('an outside nudge (online, syncNow, a realtime message) starts the backoff again at 2 s', () => {
    const clock = manualTimers();
    const gate = new SyncGate(clock.timers);
    gate.setToken('t');
    for (const step of [2000, 4000, 8000]) {
      gate.hold('network');
      clock.advance(step);
    }
    gate.hold('network');
    expect(clock.pending()).toEqual([16000]);
    gate.nudge();
    expect(gate.isOpen).toBe(true);
    expect(clock.pending()).toEqual([]);
    gate.hold('network');
    expect(clock.pending()).toEqual([2000]);
  });

  it('does not retry by itself a write the service worker queued, nor while offline or closed', () => {
    const clock = manualTimers();
    const gate = new SyncGate(clock.timers);
    gate.setToken('t');
    gate.hold('queued');
    expect(clock.pending()).toEqual([]);
    gate.setOnline(false);
    gate.hold('network');
    expect(clock.pending()).toEqual([]);
    gate.setOnline(true);
    gate.hold('network');
    gate.close();
    expect(clock.pending()).toEqual([]);
  });
});

describe('SyncGate jitter and Retry-After', () => {
  it('spreads the network retries by the random source it is given', () => {
    const clock = manualTimers();
    const gate = new SyncGate({ ...clock.timers, random: () => 0 });
    gate.setToken('t');
    gate.hold('network');
    expect(clock.pending()).toEqual([1000]); // half of 2 s: the jitter's floor
    clock.advance(1000);
    const high = new SyncGate({ ...clock.timers, random: () => 0.5 });
    high.setToken('t');
    high.hold('network');
    expect(clock.pending()).toEqual([1500]);
  });

  it('holds every request for the Retry-After, through nudges, and a shorter pause never shortens it', async () => {
    const clock = manualTimers();
    const gate = new SyncGate(clock.timers);
    gate.setToken('t');
    gate.pauseFor(3000);
    const waiting = gate.wait();
    gate.nudge();
    gate.setOnline(true);
    gate.pauseFor(1000);
    expect(await settled(waiting)).toBe('pending');
    clock.advance(2999);
    expect(gate.isOpen).toBe(false);
    clock.advance(1);
    expect(await settled(waiting)).toBe('resolved');
    gate.pauseFor(0);
    expect(gate.isOpen).toBe(true);
  });

  it('drops the pause when closed', () => {
    const clock = manualTimers();
    const gate = new SyncGate(clock.timers);
    gate.pauseFor(5000);
    gate.close();
    expect(clock.pending()).toEqual([]);
  });
});

describe('classify', () => {
  it('tells offline, auth and other failures apart', () => {
    expect(classify(0, { message: 'TypeError: fetch failed' })).toMatchObject({ kind: 'offline' });
    expect(classify(401, { code: 'PGRST303', message: 'JWT expired' })).toMatchObject({ kind: 'auth' });
    expect(classify(400, { code: 'SPV01', message: 'bad' })).toMatchObject({ kind: 'http', code: 'SPV01' });
    expect(classify(503, null)).toBeInstanceOf(SyncError);
    expect(classify(503, null)).toMatchObject({ kind: 'http', code: '503', message: 'HTTP 503' });
  });
});
