// The gate's rules: requests wait while offline, without a token, after a 401 for the current token, or
// after a failure until a nudge; closing rejects the waiters. And how failures are classified.
import { describe, expect, it } from 'vitest';
import { classify, SyncError } from './errors';
import { SyncGate } from './gate';

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
    gate.hold();
    const held = gate.wait();
    expect(await settled(held)).toBe('pending');
    gate.nudge();
    expect(await settled(held)).toBe('resolved');
    gate.hold();
    const stopped = gate.wait();
    gate.close();
    expect(await settled(stopped)).toBe('rejected');
    await expect(gate.wait()).rejects.toThrow('sync stopped');
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
