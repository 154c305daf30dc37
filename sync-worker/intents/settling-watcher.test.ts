// @clock-sensitive: streaks, today, zones
// Issue 7: after the server acknowledges a write, the progression never shows the old server numbers
// while the follow-up pull lands (the profile and the ledger row arrive as two writes, in either
// order), and the settling entry goes once the pulled data shows the write. Real RxDB on
// fake-indexeddb; every value the live progression emits is recorded.
import type { Subscription } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { confirmRestDay } from '../../src/db/commands/rest-days';
import { deleteWorkout, planWorkout } from '../../src/db/commands/workouts';
import { acknowledgePushed, readPending, settleIntent, settlingEntries } from '../../src/db/pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../test/support/browser/test-database';
import { ROWS, USER } from '../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from '../../src/db/types';
import type { LocalProgress } from '../../src/db/progress/local-progress';
import { localProgress$ } from '../../src/db/progress/local-progress-live';
import { SettlingWatcher } from './settling-watcher';

// 12:00 UTC on 2026-11-22 is 13:00 in Berlin (the fixture profile's zone): today is 2026-11-22.
const NOW = new Date('2026-11-22T12:00:00.000Z');
const DAYS = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];

const watchers: SettlingWatcher[] = [];
const subscriptions: Subscription[] = [];
afterEach(async () => {
  for (const w of watchers.splice(0)) w.stop();
  for (const s of subscriptions.splice(0)) s.unsubscribe();
  await cleanupDatabases();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
};

/** Six covered days before today and a server profile (xp 100, streak 6) that matches its ledger. */
async function seeded(): Promise<SpotterDatabase> {
  const db = await openTestDatabase({
    userId: USER,
    collections: ['profiles', 'workouts', 'rest_days', 'xp_events'],
  });
  await db.profiles.insert({ ...ROWS.profiles, xp: 100, level: 2, current_streak: 6, best_streak: 6 });
  await db.workouts.bulkInsert(DAYS.map((date, i) => ({ ...ROWS.workouts, id: `w${i}`, date })));
  await db.xp_events.insert({
    ...ROWS.xp_events,
    id: 'x0',
    source: 'flex_received',
    source_id: 'earlier',
    amount: 100,
  });
  return db;
}

function record(db: SpotterDatabase): { xp: number; streak: number; settled: boolean }[] {
  const seen: { xp: number; streak: number; settled: boolean }[] = [];
  subscriptions.push(
    localProgress$(db, USER, () => NOW).subscribe((p: LocalProgress) =>
      seen.push({ xp: p.xp, streak: p.currentStreak, settled: p.settled }),
    ),
  );
  return seen;
}

/** A clock that starts at NOW and runs. */
function runningClock(): () => Date {
  const t0 = Date.now();
  return () => new Date(NOW.getTime() + (Date.now() - t0));
}

function watch(
  db: SpotterDatabase,
  now = runningClock(),
  options: { quietMs?: number } = {},
): SettlingWatcher {
  const w = new SettlingWatcher({ db, now, graceMs: 300, ...options });
  watchers.push(w);
  w.start();
  return w;
}

/** From the first value at `from` on, neither xp nor the streak ever goes down. */
function expectMonotoneFrom(seen: { xp: number; streak: number }[], from: { xp: number; streak: number }) {
  const start = seen.findIndex((p) => p.xp === from.xp && p.streak === from.streak);
  expect(start).toBeGreaterThanOrEqual(0);
  const after = seen.slice(start);
  after.forEach((p, i) => {
    const prev = after[i - 1];
    if (prev) {
      expect(p.xp, JSON.stringify(after)).toBeGreaterThanOrEqual(prev.xp);
      expect(p.streak, JSON.stringify(after)).toBeGreaterThanOrEqual(prev.streak);
    }
  });
}

/** The follow-up pull: the profile row and the ledger row land as two writes, in the given order. */
async function pull(
  db: SpotterDatabase,
  order: 'profile first' | 'ledger first',
  profile: { xp: number; current_streak: number; best_streak: number },
  event: { id: string; source: 'rest_day' | 'workout_planned'; source_id: string; amount: number },
) {
  const writeProfile = async () => {
    const doc = await db.profiles.findOne(USER).exec();
    await doc?.incrementalPatch(profile);
  };
  const writeEvent = () => db.xp_events.insert({ ...ROWS.xp_events, ...event });
  if (order === 'profile first') {
    await writeProfile();
    await sleep(60);
    await writeEvent();
  } else {
    await writeEvent();
    await sleep(60);
    await writeProfile();
  }
}

describe('settling: acknowledge, then the follow-up pull', () => {
  for (const order of ['profile first', 'ledger first'] as const) {
    it(`a confirmed rest day never shows the old xp or streak (${order})`, async () => {
      const db = await seeded();
      const seen = record(db);
      watch(db);
      const ctx = { db, userId: USER, now: () => NOW };
      await until(() => seen.some((p) => p.xp === 100 && p.streak === 6 && p.settled));

      const rest = await confirmRestDay(ctx, { day: '2026-11-22' });
      if (!rest.ok) throw new Error('confirm failed');
      await until(() => seen.some((p) => p.xp === 110 && p.streak === 7));

      // The intent sender's acknowledgement: the entry leaves the pending ones and settles.
      const entry = Object.values((await readPending(db)).entries)[0]!;
      await settleIntent(db, entry.key, entry.seq, { status: 'applied' }, NOW);
      const afterAck = await readPending(db);
      expect(Object.keys(afterAck.entries)).toEqual([]);
      expect(settlingEntries(afterAck).map((e) => e.key)).toEqual([entry.key]);
      await sleep(60);

      await pull(
        db,
        order,
        { xp: 110, current_streak: 7, best_streak: 7 },
        { id: 'x1', source: 'rest_day', source_id: rest.value.id, amount: 10 },
      );
      // The watcher removes the settling entry once the pulled data shows the rest day.
      await until(async () => settlingEntries(await readPending(db)).length === 0);
      await until(() => seen.at(-1)?.settled === true);

      expect(seen.at(-1)).toEqual({ xp: 110, streak: 7, settled: true });
      expectMonotoneFrom(seen, { xp: 110, streak: 7 });
      expect(seen.slice(seen.findIndex((p) => p.xp === 110))).not.toContainEqual(
        expect.objectContaining({ xp: 100 }),
      );
    });
  }

  it('a planned workout (push acknowledged) never shows the old xp or streak', async () => {
    const db = await seeded();
    const seen = record(db);
    watch(db);
    const ctx = { db, userId: USER, now: () => NOW };
    await until(() => seen.some((p) => p.settled));

    const planned = await planWorkout(ctx, { type: 'yoga', date: '2026-11-22' });
    if (!planned.ok) throw new Error('plan failed');
    await until(() => seen.some((p) => p.xp === 105 && p.streak === 7));

    await acknowledgePushed(db, 'workouts', [{ ...planned.value, _deleted: false }], NOW);
    expect(settlingEntries(await readPending(db))).toHaveLength(1);
    await sleep(60);
    await pull(
      db,
      'ledger first',
      { xp: 105, current_streak: 7, best_streak: 7 },
      { id: 'x1', source: 'workout_planned', source_id: `${USER}:2026-11-22`, amount: 5 },
    );
    await until(() => seen.at(-1)?.settled === true);
    expect(seen.at(-1)).toEqual({ xp: 105, streak: 7, settled: true });
    expectMonotoneFrom(seen, { xp: 105, streak: 7 });
  });

  it('keeps an entry while only half of the pull has landed', async () => {
    const db = await seeded();
    watch(db);
    const ctx = { db, userId: USER, now: () => NOW };
    const rest = await confirmRestDay(ctx, { day: '2026-11-22' });
    if (!rest.ok) throw new Error('confirm failed');
    const entry = Object.values((await readPending(db)).entries)[0]!;
    await settleIntent(db, entry.key, entry.seq, { status: 'applied' }, NOW);
    // The ledger row alone: the profile is still the old one.
    await db.xp_events.insert({
      ...ROWS.xp_events,
      id: 'x1',
      source: 'rest_day',
      source_id: rest.value.id,
      amount: 10,
    });
    await sleep(150);
    expect(settlingEntries(await readPending(db))).toHaveLength(1);
  });

  it('an award-less write settles when the profile changes, or after the quiet time', async () => {
    const db = await seeded();
    let skip = 0;
    const clock = runningClock();
    watch(db, () => new Date(clock().getTime() + skip), { quietMs: 1000 });
    const ctx = { db, userId: USER, now: () => NOW };

    // Deleting a workout earns nothing; the streak comes with the next profile.
    await deleteWorkout(ctx, 'w5');
    const [deleted] = await db.workouts.storageInstance.findDocumentsById(['w5'], true);
    await acknowledgePushed(db, 'workouts', [deleted as never], NOW);
    await sleep(100);
    expect(settlingEntries(await readPending(db))).toHaveLength(1);
    const doc = await db.profiles.findOne(USER).exec();
    await doc?.incrementalPatch({ current_streak: 0 });
    await until(async () => settlingEntries(await readPending(db)).length === 0);

    // Deleting another: the profile does not change (the streak was already 0); the quiet time ends it.
    await deleteWorkout(ctx, 'w4');
    const [deleted4] = await db.workouts.storageInstance.findDocumentsById(['w4'], true);
    await acknowledgePushed(db, 'workouts', [deleted4 as never], NOW);
    await sleep(100);
    expect(settlingEntries(await readPending(db))).toHaveLength(1);
    skip += 2000;
    await until(async () => settlingEntries(await readPending(db)).length === 0, 3000);
  });

  it('a database without the progression collections keeps no settling entries', async () => {
    const db = await openTestDatabase({ userId: USER, collections: ['workouts'] });
    watch(db);
    const planned = await planWorkout(
      { db, userId: USER, now: () => NOW },
      { type: 'yoga', date: '2026-11-22' },
    );
    if (!planned.ok) throw new Error('plan failed');
    await acknowledgePushed(db, 'workouts', [{ ...planned.value, _deleted: false }], NOW);
    await until(async () => settlingEntries(await readPending(db)).length === 0);
  });
});
