// @clock-sensitive: streaks, today
/**
 * Issues 5 and 7 against the emulator, real supabase-js and real RxDB: once the server acknowledges a
 * push of planned workouts, the session pulls `profiles` and `xp_events` at once
 * (sync-worker/intents/follow-up-pull.ts), so the device shows the server's xp and streak and the
 * settling entry goes within seconds. Realtime is off and the periodic resync is far away, so only the
 * follow-up pull can bring them; a batch makes one pull, not one per row.
 */
import { afterEach, expect, it } from 'vitest';
import { planWorkout } from '../../../src/db/commands/workouts';
import { readLocal } from '../../../src/db/local-doc';
import { FEED_WINDOW_ID, type FeedWindow } from '../../../src/db/local-state';
import { readPending, settlingEntries } from '../../../src/db/pending-writes';
import { describeEachEmulator } from '../../support/emulator';
import { eventually, newUser, openDevice, sleep, type Device } from './support';

describeEachEmulator('follow-up pull after an acknowledged push', (suite) => {
  const emulator = () => suite.emulator();
  const devices: Device[] = [];
  afterEach(async () => {
    for (const d of devices.splice(0)) await d.close();
  });

  it("a planned workout's server xp and streak arrive right after the push, without realtime", async () => {
    const user = await newUser(emulator());
    const profileGets: number[] = [];
    const device = await openDevice(emulator(), user.id, {
      token: user.token,
      collections: ['workouts', 'profiles', 'xp_events'],
      realtime: false,
      // Counts the pulls of the own profile (the follow-up pull is one of them).
      fetch: (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        if ((init?.method ?? 'GET') === 'GET' && /\/rest\/v1\/profiles\?/.test(url))
          profileGets.push(Date.now());
        return fetch(input, init);
      },
      // The periodic resync would bring the numbers too: keep it out of the test's time.
      session: { resyncIntervalMs: 600_000 },
    });
    devices.push(device);
    const ctx = { db: device.db, userId: user.id };
    await eventually(
      async () => (await device.db.profiles.findOne(user.id).exec()) !== null,
      10_000,
      'profile',
    );
    await device.session.awaitInSync();
    const before = await device.db.profiles.findOne(user.id).exec();
    expect(before?.xp).toBe(0);
    expect(before?.current_streak).toBe(0);

    // Today and the next two days in the user's zone, as the server counts them: +5 XP each, streak 1.
    const days = await emulator().engine.query<{ day: string }>(
      `select (private.user_today($1) + n)::text as day from generate_series(0, 2) n order by n`,
      [user.id],
    );
    const pullsBefore = profileGets.length;
    for (const { day } of days.rows) {
      const planned = await planWorkout(ctx, { type: 'strength', date: day });
      if (!planned.ok) throw new Error('plan failed');
    }

    // The push is acknowledged: the entries leave the ledger for `settling`.
    await eventually(
      async () => Object.keys((await readPending(device.db)).entries).length === 0,
      10_000,
      'push acknowledged',
    );
    const server = (
      await emulator().engine.query<{ xp: number; current_streak: number }>(
        `select xp, current_streak from public.profiles where id = $1`,
        [user.id],
      )
    ).rows[0]!;
    expect(server).toEqual({ xp: 15, current_streak: 1 });

    // With no realtime and the resync 600 s away, only the follow-up pull can bring these: the pulled
    // profile shows the server's numbers, the ledger rows are there, the settling entries are gone (the
    // watcher's 1 s grace included), and the feed shows the new activities. (A generous bound for a
    // loaded CI machine; the figure itself belongs to the sync bench.)
    await eventually(
      async () => {
        const profile = await device.db.profiles.findOne(user.id).exec();
        const settling = settlingEntries(await readPending(device.db));
        return profile?.xp === 15 && profile.current_streak === 1 && settling.length === 0;
      },
      30_000,
      'server numbers pulled and settled',
    );
    await eventually(
      async () =>
        (await readLocal<FeedWindow>(device.db, FEED_WINDOW_ID))?.items.filter(
          (i) => i.kind === 'workout_planned',
        ).length === 3,
      30_000,
      'feed refreshed',
    );
    const events = await device.db.xp_events
      .find({ selector: { user_id: user.id, source: 'workout_planned' } })
      .exec();
    expect(events).toHaveLength(3);

    // Coalesced: the batch (three rows, possibly two push requests) brought one or two pulls, not one per row.
    await sleep(1_500);
    const followUps = profileGets.length - pullsBefore;
    expect(followUps).toBeGreaterThanOrEqual(1);
    expect(followUps).toBeLessThanOrEqual(2);
  });
});
