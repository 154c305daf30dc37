// @clock-sensitive: the device's zone
// The profile's zone follows the device, over real RxDB (fake-indexeddb): a different device zone records
// exactly one update intent (whatever fires: arrival, focus, timer), an equal zone none, and the timer
// never writes back a zone it has already seen.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingEntries, readPending } from '@/db/pending-writes';
import { ROWS, USER } from '../../test/support/browser/db-fixtures';
import { cleanupDatabases, openTestDatabase } from '../../test/support/browser/test-database';
import type { SpotterDatabase } from '@/db/types';
import { deviceTimeZone, followDeviceZone, type DeviceZoneFollower } from './device-zone';

let db: SpotterDatabase;
let follower: DeviceZoneFollower | null = null;
let zone: string | null;
let focus: EventTarget;

beforeEach(async () => {
  db = await openTestDatabase({ userId: USER });
  focus = new EventTarget();
});
afterEach(async () => {
  follower?.stop();
  follower = null;
  await cleanupDatabases();
});

const start = () => {
  follower = followDeviceZone({
    ctx: { db, userId: USER },
    readZone: () => zone,
    // The test drives the timer through tick().
    intervalMs: 3_600_000,
    events: { window: focus, document: undefined },
  });
  return follower;
};

const profileZone = async () => (await db.profiles.findOne(USER).exec())?.timezone;
const pendingState = async () => {
  const state = await readPending(db);
  return { entries: pendingEntries(state), recorded: state.next_seq - 1 };
};
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out');
};

describe('followDeviceZone', () => {
  it('a different device zone: the profile follows with exactly one queued update', async () => {
    expect(ROWS.profiles.timezone).toBe('Europe/Berlin');
    await db.profiles.insert(ROWS.profiles);
    zone = 'America/New_York';
    const f = start();
    await until(async () => (await profileZone()) === 'America/New_York');
    // Arrival, focus, the timer and an explicit check all at once: still one update.
    focus.dispatchEvent(new Event('focus'));
    await Promise.all([f.check(), f.tick(), f.check()]);
    expect(await profileZone()).toBe('America/New_York');
    const { entries, recorded } = await pendingState();
    expect(recorded).toBe(1);
    expect(entries).toMatchObject([
      {
        key: `profiles:${USER}`,
        kind: 'intent',
        request: { type: 'update', table: 'profiles', id: USER, values: { timezone: 'America/New_York' } },
        previous: { timezone: 'Europe/Berlin' },
      },
    ]);
  });

  it('an equal zone: no update', async () => {
    await db.profiles.insert(ROWS.profiles);
    zone = 'Europe/Berlin';
    const f = start();
    focus.dispatchEvent(new Event('focus'));
    await Promise.all([f.check(), f.tick()]);
    expect(await profileZone()).toBe('Europe/Berlin');
    expect(await pendingState()).toEqual({ entries: [], recorded: 0 });
  });

  it('waits for the profile to arrive (a new device signing in), then updates it once', async () => {
    zone = 'Asia/Tokyo';
    const f = start();
    await f.check();
    expect((await pendingState()).recorded).toBe(0);
    await db.profiles.insert(ROWS.profiles);
    await until(async () => (await profileZone()) === 'Asia/Tokyo');
    await f.check();
    expect((await pendingState()).recorded).toBe(1);
  });

  it('the timer follows a new device zone, but never writes back a zone it has seen; focus does', async () => {
    await db.profiles.insert(ROWS.profiles);
    zone = 'Europe/Berlin';
    const f = start();
    await f.check();
    // The phone lands in New York: the next tick follows.
    zone = 'America/New_York';
    await f.tick();
    expect(await profileZone()).toBe('America/New_York');
    await f.tick();
    expect((await pendingState()).recorded).toBe(1);
    // Another device (in Tokyo) moved the profile: this one's timer leaves it alone...
    await (await db.profiles.findOne(USER).exec())!.incrementalPatch({ timezone: 'Asia/Tokyo' });
    await f.tick();
    expect(await profileZone()).toBe('Asia/Tokyo');
    // ...until the user comes back to this device.
    focus.dispatchEvent(new Event('focus'));
    await f.tick(); // queued behind the focus check
    expect(await profileZone()).toBe('America/New_York');
    expect((await pendingState()).recorded).toBe(2);
  });

  it('does nothing without a usable device zone, or once stopped', async () => {
    await db.profiles.insert(ROWS.profiles);
    zone = null;
    const f = start();
    await f.check();
    zone = 'Asia/Tokyo';
    f.stop();
    focus.dispatchEvent(new Event('focus'));
    await f.check();
    expect(await profileZone()).toBe('Europe/Berlin');
    expect((await pendingState()).recorded).toBe(0);
  });

  it('reads the device zone from Intl', () => {
    expect(deviceTimeZone()).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
