// @clock-sensitive: streaks and today
import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { confirmRestDay } from '@/db/commands/rest-days';
import { deleteWorkout, planWorkout } from '@/db/commands/workouts';
import {
  acknowledgePushed,
  emptyPendingState,
  PENDING_WRITES_ID,
  readPending,
  removeSettling,
  settleIntent,
  settlingEntries,
} from '@/db/pending-writes';
import type { PendingState } from '@/db/pending-writes';
import { modifyLocal } from '@/db/local-doc';
import { updateSyncMeta } from '@/db/local-state';
import { cleanupDatabases, openTestDatabase } from '../../../test/support/browser/test-database';
import { ROWS, USER } from '../../../test/support/browser/db-fixtures';
import { levelFromTotalXp } from '@/domain/levels';
import { computeLocalProgress, type LocalProgressInput } from './local-progress';
import { localProgress$ } from './local-progress-live';

// 12:00 UTC on 2026-11-22 is 13:00 in Berlin: "today" is 2026-11-22 for the fixture profile.
const NOW = new Date('2026-11-22T12:00:00.000Z');
const profile = { xp: 100, current_streak: 7, best_streak: 12, timezone: 'Europe/Berlin' };

function pendingFor(
  ...keys: [collection: 'workouts' | 'rest_days' | 'daily_challenge', id: string][]
): PendingState {
  const s = emptyPendingState();
  keys.forEach(([collection, id], i) => {
    s.entries[`${collection}:${id}`] = {
      key: `${collection}:${id}`,
      seq: i + 1,
      kind: collection === 'workouts' ? 'push' : 'intent',
      collection,
      doc_id: id,
      since: NOW.toISOString(),
      updated_at: NOW.toISOString(),
      request: null,
      patch: null,
      previous: null,
      attempts: 0,
      last_error: null,
      queue_id: null,
    };
  });
  return s;
}

const base = (over: Partial<LocalProgressInput>): LocalProgressInput => ({
  userId: USER,
  profile,
  workouts: [],
  restDays: [],
  xpEvents: [],
  dailyChallenge: null,
  pending: emptyPendingState(),
  now: NOW,
  ...over,
});
const w = (id: string, date: string) => ({ id, user_id: USER, date });
/** Earlier XP in the ledger, so that its sum equals the profile's xp as on the server. */
const seedLedger = (amount: number) => ({
  ...ROWS.xp_events,
  id: 'x0',
  source: 'flex_received' as const,
  source_id: 'earlier',
  amount,
});
const rd = (day: string) => ({ id: `${USER}:${day}`, user_id: USER, day });

describe('computeLocalProgress', () => {
  it('with nothing pending shows the server’s numbers (settled)', () => {
    const p = computeLocalProgress(base({ workouts: [w('a', '2026-11-22')] }));
    expect(p).toMatchObject({ xp: 100, pendingXp: 0, currentStreak: 7, bestStreak: 12, settled: true });
    expect(p.level).toBe(levelFromTotalXp(100).level);
  });

  it('+5 per newly planned date, once per date; +10 per confirmed rest day', () => {
    const p = computeLocalProgress(
      base({
        workouts: [w('a', '2026-11-24'), w('b', '2026-11-24'), w('c', '2026-11-25')],
        restDays: [rd('2026-11-22')],
        pending: pendingFor(
          ['workouts', 'a'],
          ['workouts', 'b'],
          ['workouts', 'c'],
          ['rest_days', `${USER}:2026-11-22`],
        ),
      }),
    );
    expect(p.pendingXp).toBe(5 + 5 + 10);
    expect(p.xp).toBe(120);
    expect(p.settled).toBe(false);
  });

  it('adds nothing the server’s ledger already holds (a date awarded before, a replayed rest day)', () => {
    const p = computeLocalProgress(
      base({
        workouts: [w('a', '2026-11-24'), w('c', '2026-11-25')],
        restDays: [rd('2026-11-22')],
        xpEvents: [
          { source: 'workout_planned', source_id: `${USER}:2026-11-24`, amount: 5 },
          { source: 'rest_day', source_id: `${USER}:2026-11-22`, amount: 10 },
        ],
        pending: pendingFor(['workouts', 'a'], ['workouts', 'c'], ['rest_days', `${USER}:2026-11-22`]),
      }),
    );
    expect(p.pendingXp).toBe(5);
  });

  it('counts only pending writes of this user, and never acknowledged ones', () => {
    const p = computeLocalProgress(
      base({
        workouts: [w('a', '2026-11-24'), { id: 'f', user_id: 'friend', date: '2026-11-26' }],
        pending: pendingFor(['workouts', 'f']),
      }),
    );
    expect(p.pendingXp).toBe(0);
  });

  it('computes the streak locally in the user’s zone while writes are pending', () => {
    const p = computeLocalProgress(
      base({
        profile: { ...profile, current_streak: 0, best_streak: 1 },
        workouts: [w('a', '2026-11-20'), w('b', '2026-11-21')],
        restDays: [rd('2026-11-22')],
        pending: pendingFor(['rest_days', `${USER}:2026-11-22`]),
      }),
    );
    expect(p).toMatchObject({ currentStreak: 3, bestStreak: 3 });
    // 23:30 UTC on the 22nd is already the 23rd in Berlin: today is not covered yet, the run ending
    // yesterday still counts.
    const late = computeLocalProgress(
      base({
        profile: { ...profile, current_streak: 0, best_streak: 1 },
        workouts: [w('a', '2026-11-20'), w('b', '2026-11-21')],
        restDays: [rd('2026-11-22')],
        pending: pendingFor(['rest_days', `${USER}:2026-11-22`]),
        now: new Date('2026-11-22T23:30:00Z'),
      }),
    );
    expect(late.currentStreak).toBe(3);
  });

  it('adds the points of a claimed challenge until the ledger holds them', () => {
    const dailyChallenge = { id: `${USER}:2026-11-22`, points: 15, completed: true };
    const pending = pendingFor(['daily_challenge', `${USER}:2026-11-22`]);
    expect(computeLocalProgress(base({ dailyChallenge, pending }))).toMatchObject({
      xp: 115,
      pendingXp: 15,
      settled: false,
      currentStreak: 7,
    });
    const inLedger = computeLocalProgress(
      base({
        dailyChallenge,
        pending,
        xpEvents: [{ source: 'daily_challenge', source_id: `${USER}:2026-11-22`, amount: 15 }],
      }),
    );
    expect(inLedger.pendingXp).toBe(0);
  });

  it('applies the server’s no-backfilling window: a workout dated more than two days back earns and covers nothing', () => {
    const recent = w('r', '2026-11-20');
    const old = w('o', '2026-11-19');
    const p = computeLocalProgress(
      base({
        profile: { ...profile, current_streak: 0, best_streak: 0 },
        workouts: [old, recent, w('y', '2026-11-21')],
        pending: pendingFor(['workouts', 'o'], ['workouts', 'r'], ['workouts', 'y']),
      }),
    );
    // Two days back still counts (a late offline replay); three days back does not join the run.
    expect(p).toMatchObject({ currentStreak: 2, bestStreak: 2, pendingXp: 10 });
  });

  it('keeps the pulled best as a record when the local run is shorter (a day uncovered)', () => {
    const p = computeLocalProgress(
      base({
        profile: { ...profile, current_streak: 3, best_streak: 3 },
        workouts: [w('a', '2026-11-20')],
        restDays: [rd('2026-11-22')],
        pending: pendingFor(['workouts', 'x']),
      }),
    );
    expect(p).toMatchObject({ currentStreak: 1, bestStreak: 3 });
  });

  it('never shows a best streak below the server’s (partial local history)', () => {
    const p = computeLocalProgress(
      base({ workouts: [w('a', '2026-11-22')], pending: pendingFor(['workouts', 'a']) }),
    );
    expect(p).toMatchObject({ currentStreak: 1, bestStreak: 12 });
  });
});

describe('localProgress$ over the collections', () => {
  afterEach(cleanupDatabases);

  it('moves at once on local writes and settles to the server’s values', async () => {
    const db = await openTestDatabase({
      userId: USER,
      collections: ['profiles', 'workouts', 'rest_days', 'xp_events'],
    });
    await db.profiles.insert({ ...ROWS.profiles, xp: 100, current_streak: 0, best_streak: 0 });
    await db.xp_events.insert(seedLedger(100));
    const ctx = { db, userId: USER, now: () => NOW };
    const progress$ = localProgress$(db, USER, () => NOW);
    const at = (pred: (p: { xp: number; settled: boolean; currentStreak: number }) => boolean) =>
      firstValueFrom(progress$.pipe(filter(pred)));

    expect(await at(() => true)).toMatchObject({ xp: 100, settled: true });

    const planned = await planWorkout(ctx, { type: 'yoga', date: '2026-11-22' });
    if (!planned.ok) throw new Error('plan failed');
    expect(await at((p) => p.xp === 105)).toMatchObject({ pendingXp: 5, currentStreak: 1 });

    await planWorkout(ctx, { type: 'hiit', date: '2026-11-22' });
    await confirmRestDay(ctx, { day: '2026-11-21' });
    // The second workout on the same date adds nothing; the rest day adds 10.
    expect(await at((p) => p.xp === 115)).toMatchObject({ pendingXp: 15, currentStreak: 2 });

    // The server acknowledges the pushes and the intent, then its rows arrive.
    const pushed = (await db.workouts.find().exec()).map((d) => ({
      ...d.toMutableJSON(),
      _deleted: false,
    }));
    await acknowledgePushed(db, 'workouts', pushed);
    const pending = await readPending(db);
    const restEntry = Object.values(pending.entries).find((e) => e.collection === 'rest_days');
    if (!restEntry) throw new Error('no rest-day intent');
    await settleIntent(db, restEntry.key, restEntry.seq, { status: 'applied' }, NOW);
    await db.xp_events.bulkInsert([
      { ...ROWS.xp_events, id: 'x1', source_id: `${USER}:2026-11-22` },
      { ...ROWS.xp_events, id: 'x2', source: 'rest_day', source_id: `${USER}:2026-11-21`, amount: 10 },
    ]);
    const profileDoc = await db.profiles.findOne(USER).exec();
    await profileDoc?.incrementalPatch({ xp: 115, current_streak: 2, best_streak: 2 });
    // The pulled data shows the writes: the worker's settling watcher removes them.
    await removeSettling(
      db,
      settlingEntries(await readPending(db)).map((e) => e.key),
    );
    expect(await at((p) => p.settled)).toMatchObject({
      xp: 115,
      pendingXp: 0,
      currentStreak: 2,
      bestStreak: 2,
    });

    // Deleting the workout changes no XP (the server keeps the award) and the server decides the streak.
    await deleteWorkout(ctx, planned.value.id);
    expect(await at((p) => !p.settled)).toMatchObject({ xp: 115, pendingXp: 0 });
  });

  it('on a device still pulling its history with nothing pending: the pulled profile’s numbers at once', async () => {
    const db = await openTestDatabase({
      userId: USER,
      collections: ['profiles', 'workouts', 'rest_days', 'xp_events'],
    });
    // The profile is in; of the history only a few days and part of the ledger (the newest row first,
    // as a ledger page may bring it before the profile that counts it).
    await db.profiles.insert({ ...ROWS.profiles, xp: 500, current_streak: 30, best_streak: 40 });
    await db.workouts.bulkInsert([
      { ...ROWS.workouts, id: 'h1', date: '2026-11-21' },
      { ...ROWS.workouts, id: 'h2', date: '2026-11-22' },
    ]);
    await db.xp_events.insert(seedLedger(600));
    const progress$ = localProgress$(db, USER, () => NOW);
    const at = (pred: (p: { xp: number; settled: boolean }) => boolean) =>
      firstValueFrom(progress$.pipe(filter(pred)));

    expect(await at(() => true)).toMatchObject({
      xp: 500,
      level: levelFromTotalXp(500).level,
      currentStreak: 30,
      bestStreak: 40,
      settled: true,
    });
    // Once the device has completed a sync, the ledger is read again (the larger XP reading).
    await updateSyncMeta(db, { last_synced_at: NOW.toISOString() });
    expect(await at((p) => p.xp === 600)).toMatchObject({ currentStreak: 30, settled: true });
  });

  it('does not emit again when a write to the pending-writes note leaves the numbers as they were', async () => {
    const db = await openTestDatabase({
      userId: USER,
      collections: ['profiles', 'workouts', 'rest_days', 'xp_events'],
    });
    await db.profiles.insert({ ...ROWS.profiles, xp: 100, current_streak: 3, best_streak: 3 });
    const seen: number[] = [];
    const sub = localProgress$(db, USER, () => NOW).subscribe((p) => seen.push(p.xp));
    await firstValueFrom(localProgress$(db, USER, () => NOW).pipe(filter((p) => p.xp === 100)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = seen.length;
    for (let i = 0; i < 3; i++) {
      await modifyLocal(db, PENDING_WRITES_ID, emptyPendingState, (s) => ({
        ...s,
        next_seq: s.next_seq + 1,
      }));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.length).toBe(before);
    // A change that moves a number is still emitted.
    await (await db.profiles.findOne(USER).exec())?.incrementalPatch({ xp: 120 });
    await firstValueFrom(localProgress$(db, USER, () => NOW).pipe(filter((p) => p.xp === 120)));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.at(-1)).toBe(120);
    sub.unsubscribe();
  });
});
