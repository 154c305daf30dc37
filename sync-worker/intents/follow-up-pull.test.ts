// @clock-sensitive: fake timers, streaks
// The follow-up pull after acknowledged pushes (follow-up-pull.ts): one pull per batch or per burst of
// batches, at most one per `maxWaitMs` during a long run, only for collections that move progression,
// and no timer left after unsubscribing. The replications' `sent$` are plain subjects here; the
// emulator test (test/integration/sync/follow-up-pull.test.ts) drives a real session.
import { Subject } from 'rxjs';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { CollectionName } from '../../src/db/schemas';
import { pullAfterPushes, type PushedReplication } from './follow-up-pull';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function replication(name: CollectionName, pushRpc: string | null) {
  const sent = new Subject<unknown>();
  const r: PushedReplication = { sync: { name, pushRpc }, state: { sent$: sent.asObservable() } };
  return { r, ack: (rows = 1) => Array.from({ length: rows }, (_, i) => sent.next({ id: `d${i}` })) };
}

function setup() {
  const workouts = replication('workouts', 'push_workouts');
  const settings = replication('user_settings', 'push_user_settings');
  const profiles = replication('profiles', null);
  const xp = replication('xp_events', null);
  const pulls: string[][] = [];
  const sub = pullAfterPushes(
    [workouts.r, settings.r, profiles.r, xp.r],
    (names) => pulls.push([...names].sort()),
    {
      delayMs: 200,
      maxWaitMs: 1_000,
    },
  );
  return { workouts, settings, pulls, sub };
}

it('pulls profiles and xp_events once per acknowledged batch', () => {
  const { workouts, pulls, sub } = setup();
  workouts.ack(100);
  expect(pulls).toEqual([]);
  vi.advanceTimersByTime(199);
  expect(pulls).toEqual([]);
  vi.advanceTimersByTime(1);
  expect(pulls).toEqual([['profiles', 'xp_events']]);
  vi.advanceTimersByTime(5_000);
  expect(pulls).toHaveLength(1);
  sub.unsubscribe();
});

it('batches arriving back to back make one pull; a long run at most one per maxWait', () => {
  const { workouts, pulls, sub } = setup();
  workouts.ack(100);
  vi.advanceTimersByTime(150);
  workouts.ack(100);
  vi.advanceTimersByTime(150);
  workouts.ack(3);
  vi.advanceTimersByTime(200);
  expect(pulls).toHaveLength(1);
  // Batches every 150 ms for 3 s: the pull is never put off beyond 1 s after the first of a burst.
  for (let t = 0; t < 3_000; t += 150) {
    workouts.ack(100);
    vi.advanceTimersByTime(150);
  }
  vi.advanceTimersByTime(200);
  expect(pulls.length).toBeGreaterThanOrEqual(1 + 3);
  expect(pulls.length).toBeLessThanOrEqual(1 + 4);
  sub.unsubscribe();
});

it('ignores pushes that move no progression and leaves no timer after unsubscribing', () => {
  const { workouts, settings, pulls, sub } = setup();
  settings.ack(5);
  vi.advanceTimersByTime(2_000);
  expect(pulls).toEqual([]);
  workouts.ack(1);
  sub.unsubscribe();
  vi.advanceTimersByTime(2_000);
  expect(pulls).toEqual([]);
  expect(vi.getTimerCount()).toBe(0);
});

it('does nothing when neither profiles nor xp_events is replicated', () => {
  const workouts = replication('workouts', 'push_workouts');
  const pulls: unknown[] = [];
  const sub = pullAfterPushes([workouts.r], (names) => pulls.push(names));
  workouts.ack(10);
  vi.advanceTimersByTime(5_000);
  expect(pulls).toEqual([]);
  sub.unsubscribe();
});

it('skips the pull while `skip` says so (the session: realtime joined), asked when it is due', () => {
  const workouts = replication('workouts', 'push_workouts');
  const xp = replication('xp_events', null);
  const pulls: unknown[] = [];
  let joined = true;
  const sub = pullAfterPushes([workouts.r, xp.r], (names) => pulls.push(names), { skip: () => joined });
  workouts.ack(1);
  vi.advanceTimersByTime(1_000);
  expect(pulls).toEqual([]);
  workouts.ack(1);
  joined = false;
  vi.advanceTimersByTime(1_000);
  expect(pulls).toHaveLength(1);
  sub.unsubscribe();
});
