// @clock-sensitive: sync checkpoints on server time
/**
 * Friend requests through the real sync worker API in-process (issue 14): sent by handle and accepted
 * while offline (shown at once, queued), delivered once when the device is back online; a replay of the
 * same request (the service worker's queue) changes nothing; an unknown handle comes back as a refusal in
 * the ledger with the server's code; cancel and remove reach the server and come back with the pull.
 */
import { afterEach, expect, it } from 'vitest';
import {
  cancelFriendRequest,
  removeFriend,
  respondToFriendRequest,
  sendFriendRequestByHandle,
} from '../../../src/db/commands/friends';
import { removeUserData } from '../../../src/db/open-database';
import { readPending } from '../../../src/db/pending-writes';
import { describeEachEmulator } from '../../support/emulator';
import { switchableDevice } from './worker-api-support';
import { eventually, newUser, sleep, storage } from './support';

describeEachEmulator('sync worker API: friend intents', (suite) => {
  const emulator = () => suite.emulator();
  const sql = <R>(text: string, params: unknown[] = []) =>
    emulator()
      .engine.query<R>(text, params)
      .then((r) => r.rows);
  const users: string[] = [];
  afterEach(async () => {
    for (const u of users.splice(0)) await removeUserData(u, { storage: storage() });
  });

  it('sent and accepted offline, delivered once; a replay adds nothing; a refusal comes back', async () => {
    const me = await newUser(emulator());
    const bob = await newUser(emulator());
    const carol = await newUser(emulator());
    const [b] = await sql<{ username: string; discriminator: string }>(
      'select username, discriminator from public.profiles where id = $1',
      [bob.id],
    );
    const bobHandle = `${b!.username}#${b!.discriminator}`;
    const [fromCarol] = await sql<{ id: string }>(
      'insert into public.friend_requests (sender_id, receiver_id) values ($1, $2) returning id',
      [carol.id, me.id],
    );

    const device = await switchableDevice(emulator(), users, me);
    const db = device.db();
    await eventually(
      async () => (await db.friend_requests.findOne(fromCarol!.id).exec()) !== null,
      10_000,
      "carol's request pulled",
    );
    const carolsNotification = () =>
      db.notifications.findOne({ selector: { friend_request_id: fromCarol!.id } }).exec();
    await eventually(
      async () => (await carolsNotification()) !== null,
      10_000,
      "carol's notification pulled",
    );

    device.setOnline(false);
    const ctx = { db: db, userId: me.id };
    const sent = await sendFriendRequestByHandle(ctx, bobHandle);
    expect(sent.ok).toBe(true);
    const requestId = sent.ok ? sent.value.id : '';
    // Twice offline: the same request.
    expect(await sendFriendRequestByHandle(ctx, bobHandle)).toMatchObject({
      ok: true,
      value: { id: requestId },
    });
    const ghost = await sendFriendRequestByHandle(ctx, 'ghost#0404');
    expect(await respondToFriendRequest(ctx, fromCarol!.id, true)).toMatchObject({ ok: true });
    expect((await db.friend_requests.findOne(fromCarol!.id).exec())?.status).toBe('accepted');
    // Three friend intents and the read of carol's notification (answered is dealt with).
    const notification = await carolsNotification();
    expect(notification?.is_read).toBe(true);
    expect(Object.keys((await readPending(db)).entries)).toHaveLength(4);
    expect((await readPending(db)).entries).toHaveProperty(`notification_read:${notification?.id}`);
    await sleep(500);
    expect(await sql('select 1 from public.friend_requests where sender_id = $1', [me.id])).toEqual([]);

    device.setOnline(true);
    await eventually(async () => Object.keys((await readPending(db)).entries).length === 0, 15_000, 'sent');
    const failed = (await readPending(db)).failed;
    expect(failed).toMatchObject([{ key: ghost.ok ? ghost.value.key : '', error: { code: 'SPF04' } }]);

    const requestsToBob = () =>
      sql<{ id: string; status: string }>(
        'select id, status from public.friend_requests where sender_id = $1 and receiver_id = $2',
        [me.id, bob.id],
      );
    expect(await requestsToBob()).toEqual([{ id: requestId, status: 'pending' }]);
    expect(
      await sql('select 1 from public.notifications where user_id = $1 and friend_request_id = $2', [
        bob.id,
        requestId,
      ]),
    ).toHaveLength(1);
    // The service worker's queue replays the same request: the first answer, nothing added.
    const replay = await fetch(`${emulator().url}/rest/v1/rpc/add_friend_by_handle`, {
      method: 'POST',
      headers: {
        apikey: emulator().status.ANON_KEY,
        authorization: `Bearer ${me.token}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ p_handle: bobHandle, p_id: requestId }),
    });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toBe(1);
    expect(await requestsToBob()).toHaveLength(1);

    // The read reached the server once it was online again.
    expect(
      await sql('select is_read from public.notifications where user_id = $1 and friend_request_id = $2', [
        me.id,
        fromCarol!.id,
      ]),
    ).toEqual([{ is_read: true }]);

    // Accepted once: friends both ways, and the friendship arrives locally.
    expect(await sql('select status from public.friend_requests where id = $1', [fromCarol!.id])).toEqual([
      { status: 'accepted' },
    ]);
    await eventually(
      async () => (await db.friendships.findOne(`${me.id}:${carol.id}`).exec()) !== null,
      10_000,
      'friendship pulled',
    );

    // The request to bob arrives under its client id; cancel it. Remove carol.
    await eventually(
      async () => (await db.friend_requests.findOne(requestId).exec()) !== null,
      10_000,
      'row',
    );
    expect(await cancelFriendRequest(ctx, requestId)).toMatchObject({ ok: true });
    expect(await removeFriend(ctx, carol.id)).toMatchObject({ ok: true });
    await eventually(async () => Object.keys((await readPending(db)).entries).length === 0, 15_000, 'sent 2');
    expect(await requestsToBob()).toEqual([{ id: requestId, status: 'cancelled' }]);
    expect(
      await sql('select 1 from public.friendships where not _deleted and (user_id = $1 or friend_id = $1)', [
        me.id,
      ]),
    ).toEqual([]);
    await eventually(
      async () => (await db.friendships.findOne(`${me.id}:${carol.id}`).exec()) === null,
      10_000,
      'friendship removed locally',
    );
    await device.api.dispose();
  });
});
