// @clock-sensitive: wall-clock timestamps
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pendingEntries, readPending, settleIntent } from '../pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../../test/support/browser/test-database';
import { FRIEND, ROWS, USER } from '../../../test/support/browser/db-fixtures';
import type { SpotterDatabase } from '../types';
import type { CommandContext } from './context';
import {
  cancelFriendRequest,
  removeFriend,
  respondToFriendRequest,
  sendFriendRequestByHandle,
} from './friends';

const NOW = new Date();
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const INCOMING = ROWS.friend_requests;
const OUTGOING = {
  ...INCOMING,
  id: 'a7c2e9d4-1b3f-4e5a-8c6d-0f9e8d7c6b5a',
  sender_id: USER,
  receiver_id: FRIEND,
};
let db: SpotterDatabase;
let ctx: CommandContext;

beforeEach(async () => {
  db = await openTestDatabase({
    userId: USER,
    collections: ['profiles', 'friend_requests', 'friendships', 'notifications'],
  });
  ctx = { db, userId: USER, now: () => NOW };
  await db.profiles.insert(ROWS.profiles);
  await db.friend_requests.bulkInsert([INCOMING, OUTGOING]);
  await db.friendships.insert(ROWS.friendships);
});
afterEach(cleanupDatabases);

const entries = async () => pendingEntries(await readPending(db));
const status = async (id: string) => (await db.friend_requests.findOne(id).exec())?.status;

describe('sendFriendRequestByHandle', () => {
  it('queues add_friend_by_handle with a client id (the handle cannot be resolved offline)', async () => {
    const r = await sendFriendRequestByHandle(ctx, '  mia#0007 ');
    expect(r).toMatchObject({ ok: true, value: { handle: 'mia#0007' } });
    const id = r.ok ? r.value.id : '';
    expect(id).toMatch(UUID_V7);
    expect(await entries()).toMatchObject([
      {
        key: `friend_requests:${id}`,
        kind: 'intent',
        collection: 'friend_requests',
        doc_id: id,
        request: { type: 'rpc', fn: 'add_friend_by_handle', args: { p_handle: 'mia#0007', p_id: id } },
        patch: {},
        previous: null,
      },
    ]);
    // The same handle again while the first is on its way: the same request, nothing more recorded.
    expect(await sendFriendRequestByHandle(ctx, 'mia#0007')).toMatchObject({ ok: true, value: { id } });
    expect(await entries()).toHaveLength(1);
  });

  it('refuses a malformed handle and my own, recording nothing', async () => {
    expect(await sendFriendRequestByHandle(ctx, 'mia')).toEqual({
      ok: false,
      error: { code: 'invalid_handle', message: 'friends:errors.invalidHandle' },
    });
    expect(await sendFriendRequestByHandle(ctx, 'LENA#0042')).toEqual({
      ok: false,
      error: { code: 'self', message: 'friends:errors.self' },
    });
    expect(await entries()).toEqual([]);
  });

  it('a refusal keeps the failure (with the request, for its handle) and leaves nothing behind', async () => {
    const r = await sendFriendRequestByHandle(ctx, 'nobody#0001');
    const entry = (await entries())[0]!;
    await settleIntent(
      db,
      entry.key,
      entry.seq,
      { status: 'refused', code: 'SPF04', message: 'User not found' },
      NOW,
    );
    const state = await readPending(db);
    expect(state.entries).toEqual({});
    expect(state.failed).toMatchObject([
      {
        key: r.ok ? r.value.key : '',
        error: { code: 'SPF04' },
        request: { fn: 'add_friend_by_handle', args: { p_handle: 'nobody#0001' } },
      },
    ]);
    expect(await db.friend_requests.count().exec()).toBe(2);
  });
});

describe('respond and cancel', () => {
  it('an answer marks the request’s notification read, as one intent of its own, once', async () => {
    await db.notifications.bulkInsert([
      ROWS.notifications,
      { ...ROWS.notifications, id: 'flex:other', type: 'flex_received', friend_request_id: null },
    ]);
    expect(await respondToFriendRequest(ctx, INCOMING.id, false)).toMatchObject({ ok: true });
    expect((await db.notifications.findOne(ROWS.notifications.id).exec())?.is_read).toBe(true);
    expect((await db.notifications.findOne('flex:other').exec())?.is_read).toBe(false);
    const reads = async () => (await entries()).filter((e) => e.collection === 'notifications');
    expect(await reads()).toMatchObject([
      {
        key: `notification_read:${ROWS.notifications.id}`,
        request: { type: 'update', table: 'notifications', values: { is_read: true } },
      },
    ]);
    // A second answer is refused and records no second read.
    expect(await respondToFriendRequest(ctx, INCOMING.id, true)).toMatchObject({ ok: false });
    expect(await reads()).toHaveLength(1);
  });

  it('accept shows at once (the request leaves the pending ones) and queues respond_friend_request', async () => {
    const r = await respondToFriendRequest(ctx, INCOMING.id, true);
    expect(r).toMatchObject({ ok: true, value: { status: 'accepted' } });
    expect(await status(INCOMING.id)).toBe('accepted');
    expect(await entries()).toMatchObject([
      {
        key: `friend_requests:${INCOMING.id}`,
        collection: 'friend_requests',
        doc_id: INCOMING.id,
        request: { fn: 'respond_friend_request', args: { p_request_id: INCOMING.id, p_accept: true } },
        patch: { status: 'accepted' },
        previous: { status: 'pending', responded_at: null },
      },
    ]);
    // Answered already: a second tap records nothing.
    expect(await respondToFriendRequest(ctx, INCOMING.id, false)).toMatchObject({
      ok: false,
      error: { code: 'request_not_found' },
    });
    expect(await entries()).toHaveLength(1);
  });

  it('an answer laid over a row a pull changed after the command read it is read again once applied', async () => {
    // The sync worker's pull writes the other device's answer between the command's read and its patch
    // (fault-convergence seed 151). The command's clock then hides the server's responded_at.
    const serverTime = new Date(NOW.getTime() + 60_000).toISOString();
    const pullBetween = new Proxy(db.friend_requests, {
      get(target, prop) {
        if (prop !== 'findOne') return Reflect.get(target, prop) as unknown;
        return (id: string) => ({
          exec: async () => {
            const read = await target.findOne(id).exec();
            await target.upsert({ ...INCOMING, status: 'declined', responded_at: serverTime });
            return read;
          },
        });
      },
    });
    // RxDB keeps a database's state by the object itself: its methods run on the real one.
    const racing = new Proxy(db, {
      get(target, prop) {
        if (prop === 'friend_requests') return pullBetween;
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    await respondToFriendRequest({ ...ctx, db: racing }, INCOMING.id, false);
    const entry = (await entries()).find((e) => e.key === `friend_requests:${INCOMING.id}`)!;
    expect(entry.masked).toBe(true);
    await settleIntent(db, entry.key, entry.seq, { status: 'applied' }, NOW);
    expect(Object.values((await readPending(db)).recheck ?? {})).toMatchObject([
      { collection: 'friend_requests', doc_id: INCOMING.id },
    ]);
  });

  it('an answer with no write between its read and its patch is not read again', async () => {
    await respondToFriendRequest(ctx, INCOMING.id, false);
    const entry = (await entries()).find((e) => e.key === `friend_requests:${INCOMING.id}`)!;
    expect(entry.masked).toBeUndefined();
    await settleIntent(db, entry.key, entry.seq, { status: 'applied' }, NOW);
    expect((await readPending(db)).recheck ?? {}).toEqual({});
  });

  it('a refused decline rolls the request back to pending', async () => {
    await respondToFriendRequest(ctx, INCOMING.id, false);
    expect(await status(INCOMING.id)).toBe('declined');
    const entry = (await entries())[0]!;
    await settleIntent(db, entry.key, entry.seq, { status: 'refused', code: 'SPF07', message: 'gone' }, NOW);
    expect(await status(INCOMING.id)).toBe('pending');
    expect((await readPending(db)).failed).toMatchObject([{ key: entry.key, error: { code: 'SPF07' } }]);
  });

  it('cancel only my own pending request; it queues cancel_friend_request', async () => {
    expect(await cancelFriendRequest(ctx, INCOMING.id)).toMatchObject({ ok: false });
    expect(await respondToFriendRequest(ctx, OUTGOING.id, true)).toMatchObject({ ok: false });
    expect(await cancelFriendRequest(ctx, OUTGOING.id)).toMatchObject({
      ok: true,
      value: { status: 'cancelled' },
    });
    expect(await status(OUTGOING.id)).toBe('cancelled');
    expect(await entries()).toMatchObject([
      {
        request: { fn: 'cancel_friend_request', args: { p_request_id: OUTGOING.id } },
        patch: { status: 'cancelled' },
      },
    ]);
    const entry = (await entries())[0]!;
    await settleIntent(db, entry.key, entry.seq, { status: 'applied' }, NOW);
    expect(await entries()).toEqual([]);
    expect(await status(OUTGOING.id)).toBe('cancelled');
  });
});

describe('removeFriend', () => {
  it('queues remove_friend once; the friendship row stays until the pull removes it', async () => {
    expect(await removeFriend(ctx, FRIEND)).toEqual({ ok: true, value: FRIEND });
    expect(await removeFriend(ctx, FRIEND)).toEqual({ ok: true, value: FRIEND });
    expect(await entries()).toMatchObject([
      {
        key: `remove_friend:${FRIEND}`,
        collection: 'friendships',
        doc_id: FRIEND,
        request: { fn: 'remove_friend', args: { p_friend_id: FRIEND } },
      },
    ]);
    expect(await db.friendships.count().exec()).toBe(1);
    const entry = (await entries())[0]!;
    await settleIntent(db, entry.key, entry.seq, { status: 'refused', code: '42501', message: 'no' }, NOW);
    expect(await db.friendships.count().exec()).toBe(1);
    expect(await removeFriend(ctx, USER)).toMatchObject({ ok: false, error: { code: 'not_friends' } });
  });
});
