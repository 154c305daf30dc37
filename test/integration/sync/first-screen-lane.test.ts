// @clock-sensitive: days from today
/**
 * A new device's first requests (sync-worker/core/first-screen-lane.ts) against the emulator, real
 * supabase-js and real RxDB: what /home needs (the feed, the own profile, settings, rest days, the
 * workouts around today) is asked for first, and the history of the other collections only once those
 * are answered; everything still arrives. A device that already holds its data waits for nothing but
 * the feed.
 */
import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import { describeEachEmulator } from '../../support/emulator';
import { dayFromToday } from '../../support/clock/days';
import { eventually, newUser, openDevice, type Device } from './support';

/** What a request is for, by its URL (null: not one of the requests these tests follow). */
function requestKind(url: string): string | null {
  if (url.includes('/rpc/get_feed')) return 'feed';
  const table = /\/rest\/v1\/([a-z_]+)\?/.exec(url)?.[1];
  if (!table) return null;
  if (table === 'workouts' && /date=gte\./.test(url)) return 'workouts window';
  return table;
}

/** Logs `start <kind>` when a request goes and `end <kind>` when its answer is in. */
function recording() {
  const log: string[] = [];
  const fetchLogged: typeof fetch = async (input, init) => {
    const kind = requestKind(String(input instanceof Request ? input.url : input));
    if (kind) log.push(`start ${kind}`);
    try {
      return await fetch(input, init);
    } finally {
      if (kind) log.push(`end ${kind}`);
    }
  };
  return { log, fetch: fetchLogged };
}

describeEachEmulator('the first screen ahead of the history', (suite) => {
  const emulator = () => suite.emulator();
  const devices: Device[] = [];
  afterEach(async () => {
    for (const d of devices.splice(0)) await d.close();
  });

  const collections = [
    'workouts',
    'profiles',
    'user_settings',
    'rest_days',
    'xp_events',
    'check_ins',
  ] as const;

  /** A user with workouts (and so XP events) in the past and today. */
  async function userWithHistory() {
    const user = await newUser(emulator());
    const today = dayFromToday(0);
    await emulator().engine.query(
      `insert into public.workouts (id, user_id, type, date, created_at)
       select $2 || '-' || i, $1, 'cardio', $3::date - i, now() from generate_series(0, 11) i`,
      [user.id, `lane-${randomUUID().slice(0, 8)}`, today],
    );
    return user;
  }

  it('asks for the history only once the first screen’s requests are answered, and pulls all of it', async () => {
    const user = await userWithHistory();
    const net = recording();
    const device = await openDevice(emulator(), user.id, {
      token: user.token,
      collections,
      realtime: false,
      fetch: net.fetch,
      session: { resyncIntervalMs: 600_000 },
    });
    devices.push(device);
    await eventually(async () => (await device.db.xp_events.count().exec()) >= 1, 15_000, 'XP events');
    await eventually(async () => (await device.db.workouts.count().exec()) === 12, 15_000, '12 workouts');

    const at = (entry: string) => net.log.indexOf(entry);
    const firstScreen = ['feed', 'profiles', 'user_settings', 'rest_days', 'workouts window'];
    for (const kind of firstScreen) expect(at(`end ${kind}`), `${kind} answered`).toBeGreaterThanOrEqual(0);
    const lastAnswer = Math.max(...firstScreen.map((kind) => at(`end ${kind}`)));
    // The history: the other collections, and the workouts from the start.
    for (const kind of ['xp_events', 'check_ins']) {
      expect(at(`start ${kind}`), `${kind} asked for after the first screen`).toBeGreaterThan(lastAnswer);
    }
    const workoutPages = net.log
      .map((entry, index) => ({ entry, index }))
      .filter(({ entry }) => entry === 'start workouts');
    expect(workoutPages[0]?.index).toBeGreaterThan(lastAnswer);
  });

  it('a feed that never answers holds the history back no longer than the cap', async () => {
    const user = await userWithHistory();
    const net = recording();
    // get_feed's answer never comes (a server stuck on it); every other request goes as usual.
    const hanging: typeof fetch = (input, init) =>
      requestKind(String(input instanceof Request ? input.url : input)) === 'feed'
        ? new Promise<Response>(() => undefined)
        : net.fetch(input, init);
    const device = await openDevice(emulator(), user.id, {
      token: user.token,
      collections,
      realtime: false,
      fetch: hanging,
      session: { resyncIntervalMs: 600_000 },
    });
    devices.push(device);
    await eventually(async () => (await device.db.xp_events.count().exec()) >= 1, 15_000, 'XP events');
    await eventually(async () => (await device.db.workouts.count().exec()) === 12, 15_000, '12 workouts');
    expect(net.log).not.toContain('end feed');
  });
});
