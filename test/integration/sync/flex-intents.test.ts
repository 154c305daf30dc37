// @clock-sensitive: sync checkpoints on server time
/**
 * A flex through the real sync worker API in-process: made offline (shown at once, one intent), tapped
 * again, then delivered once when the device is back online: one flexes row, +5 XP and one flex_received
 * notification for the friend, and the refreshed feed window keeps "flexed by me" with the server's count.
 */
import { afterEach, expect, it } from 'vitest';
import { flexActivity } from '../../../src/db/commands/flex';
import { readLocal } from '../../../src/db/local-doc';
import { FEED_WINDOW_ID, type FeedWindow } from '../../../src/db/local-state';
import { removeUserData } from '../../../src/db/open-database';
import { readPending } from '../../../src/db/pending-writes';
import { describeEachEmulator } from '../../support/emulator';
import { switchableDevice } from './worker-api-support';
import { eventually, newUser, sleep, storage } from './support';

describeEachEmulator('sync worker API: flex', (suite) => {
  const emulator = () => suite.emulator();
  const sql = <R>(text: string, params: unknown[] = []) =>
    emulator()
      .engine.query<R>(text, params)
      .then((r) => r.rows);
  const users: string[] = [];
  afterEach(async () => {
    for (const u of users.splice(0)) await removeUserData(u, { storage: storage() });
  });

  it('a flex made offline is shown at once and reaches the server once: +5 XP for the friend', async () => {
    const me = await newUser(emulator());
    const friend = await newUser(emulator());
    await sql(
      `insert into public.friendships (id, user_id, friend_id) values ($1 || ':' || $2, $1::uuid, $2::uuid),
         ($2 || ':' || $1, $2::uuid, $1::uuid)`,
      [me.id, friend.id],
    );
    const activityId = `lvl:${friend.id}`;
    await sql(
      `insert into public.activities (id, user_id, kind, level) values ($1, $2::uuid, 'level_up', 2)`,
      [activityId, friend.id],
    );
    const xpOf = async (id: string) =>
      (await sql<{ xp: number }>(`select xp from public.profiles where id = $1`, [id]))[0]!.xp;
    const friendXp = await xpOf(friend.id);

    const device = await switchableDevice(emulator(), users, me);
    const db = device.db();
    const item = async () =>
      (await readLocal<FeedWindow>(db, FEED_WINDOW_ID))?.items.find((i) => i.id === activityId);
    await eventually(async () => (await item()) !== undefined, 10_000, 'friend activity in the feed');
    expect(await item()).toMatchObject({ flex_count: 0, flexed_by_me: false });

    device.setOnline(false);
    const ctx = { db: db, userId: me.id };
    expect(await flexActivity(ctx, { activity_id: activityId })).toMatchObject({ ok: true });
    expect(await flexActivity(ctx, { activity_id: activityId })).toMatchObject({ ok: true });
    expect(await item()).toMatchObject({ flex_count: 1, flexed_by_me: true });
    expect(Object.keys((await readPending(db)).entries)).toEqual([`flex:${activityId}`]);
    await sleep(500);
    expect(await sql(`select 1 from public.flexes where activity_id = $1`, [activityId])).toEqual([]);

    device.setOnline(true);
    await eventually(async () => Object.keys((await readPending(db)).entries).length === 0, 15_000, 'sent');
    // The refresh after the intent: the server's row, with my flex counted once.
    await eventually(async () => {
      const i = await item();
      return i?.flex_count === 1 && i.flexed_by_me;
    });
    // A tap after delivery records nothing either.
    expect(await flexActivity(ctx, { activity_id: activityId })).toMatchObject({ ok: true });
    expect((await readPending(db)).entries).toEqual({});

    expect(
      await sql(`select sender_id, recipient_id from public.flexes where activity_id = $1`, [activityId]),
    ).toEqual([{ sender_id: me.id, recipient_id: friend.id }]);
    expect(
      await sql(`select amount from public.xp_events where user_id = $1 and source = 'flex_received'`, [
        friend.id,
      ]),
    ).toEqual([{ amount: 5 }]);
    expect(await xpOf(friend.id)).toBe(friendXp + 5);
    expect(
      await sql(`select actor_id from public.notifications where user_id = $1 and type = 'flex_received'`, [
        friend.id,
      ]),
    ).toEqual([{ actor_id: me.id }]);
    await device.api.dispose();
  });
});
