// Friend requests, friendships and the friends list: success paths and every refusal, with the
// SQLSTATEs and messages the client maps to the spec's texts (docs/database.md).
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';
import { count, createUserWith, expectRefusal, makeFriends, one } from './helpers';

describeEachEngine('friends', (ctx) => {
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;

  beforeAll(async () => {
    alice = await createUserWith(ctx, 'alice');
    bob = await createUserWith(ctx, 'bob');
    carol = await createUserWith(ctx, 'carol', 'friends');
    dave = await createUserWith(ctx, 'dave', 'private');
  });

  const send = (from: string, to: string | null) =>
    ctx.as(from, (tx) => one<{ r: number }>(tx, 'select public.send_friend_request($1) as r', [to]));

  describe('send_friend_request', () => {
    it('sends a request (1), notifies the receiver, and refuses a duplicate in either direction', async () => {
      expect((await send(alice, bob)).r).toBe(1);
      const request = await one<{ id: string; status: string }>(
        ctx.engine(),
        'select id, status from public.friend_requests where sender_id = $1 and receiver_id = $2',
        [alice, bob],
      );
      expect(request.status).toBe('pending');
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.notifications where user_id = $1 and type = 'friend_request_received'
                                   and actor_id = $2 and friend_request_id = $3`,
          [bob, alice, request.id],
        ),
      ).toBe(1);
      await expectRefusal(() => send(alice, bob), 'SPF03', 'Friend request already exists');
      // A plain PostgREST insert goes through the same trigger and gets the same refusal.
      await expectRefusal(
        () =>
          ctx.as(alice, (tx) =>
            tx.query('insert into public.friend_requests (sender_id, receiver_id) values ($1, $2)', [
              alice,
              bob,
            ]),
          ),
        'SPF03',
        'Friend request already exists',
      );
    });

    it('refuses adding yourself', async () => {
      await expectRefusal(() => send(alice, alice), 'SPF01', 'You cannot add yourself as a friend');
    });

    it('refuses an unknown user', async () => {
      await expectRefusal(
        () => send(alice, '00000000-0000-4000-8000-000000000099'),
        'SPF04',
        'User not found',
      );
      await expectRefusal(() => send(alice, null), 'SPF04', 'User not found');
    });

    it('when the receiver already asked, accepting instead: returns 2 and makes friends', async () => {
      expect((await send(carol, dave)).r).toBe(1);
      expect((await send(dave, carol)).r).toBe(2);
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.friendships where not _deleted
                                        and ((user_id = $1 and friend_id = $2) or (user_id = $2 and friend_id = $1))`,
          [carol, dave],
        ),
      ).toBe(2);
    });

    it('refuses when already friends', async () => {
      await expectRefusal(() => send(carol, dave), 'SPF02', 'You are already friends');
    });

    it('refuses when signed out', async () => {
      await expectRefusal(
        () => ctx.as('anon', (tx) => tx.query('select public.send_friend_request($1)', [bob])),
        '42501',
      );
    });
  });

  describe('add_friend_by_handle', () => {
    it('finds the user by username#discriminator (case-insensitive) and sends a request', async () => {
      const eve = await createUserWith(ctx, 'Eve', 'private');
      const handle = await one<{ h: string }>(
        ctx.engine(),
        `select upper(username) || '#' || discriminator as h from public.profiles where id = $1`,
        [eve],
      );
      const result = await ctx.as(alice, (tx) =>
        one<{ r: number }>(tx, 'select public.add_friend_by_handle($1) as r', [handle.h]),
      );
      expect(result.r).toBe(1);
    });

    it('refuses an unknown or malformed handle, and your own', async () => {
      await expectRefusal(
        () => ctx.as(alice, (tx) => tx.query(`select public.add_friend_by_handle('nobody#0000')`)),
        'SPF04',
        'User not found',
      );
      await expectRefusal(
        () => ctx.as(alice, (tx) => tx.query(`select public.add_friend_by_handle('no-hash')`)),
        'SPF04',
        'User not found',
      );
      const own = await one<{ h: string }>(
        ctx.engine(),
        `select username || '#' || discriminator as h from public.profiles where id = $1`,
        [alice],
      );
      await expectRefusal(
        () => ctx.as(alice, (tx) => tx.query('select public.add_friend_by_handle($1)', [own.h])),
        'SPF01',
        'You cannot add yourself as a friend',
      );
    });
  });

  describe('respond_friend_request and cancel_friend_request', () => {
    it('accepts: friendship both ways, notification to the sender, feed entries, first_friend achievement', async () => {
      const request = await one<{ id: string }>(
        ctx.engine(),
        'select id from public.friend_requests where sender_id = $1 and receiver_id = $2',
        [alice, bob],
      );
      await expectRefusal(
        () => ctx.as(alice, (tx) => tx.query('select public.respond_friend_request($1, true)', [request.id])),
        'SPF05',
        'Friend request not found',
      );
      const status = await ctx.as(bob, (tx) =>
        one<{ s: string }>(tx, 'select public.respond_friend_request($1, true) as s', [request.id]),
      );
      expect(status.s).toBe('accepted');
      // Replaying the same answer is a no-op with the same result; a different answer is refused.
      const replay = await ctx.as(bob, (tx) =>
        one<{ s: string }>(tx, 'select public.respond_friend_request($1, true) as s', [request.id]),
      );
      expect(replay.s).toBe('accepted');
      await expectRefusal(
        () => ctx.as(bob, (tx) => tx.query('select public.respond_friend_request($1, false)', [request.id])),
        'SPF07',
        'Friend request is no longer pending',
      );
      const db = ctx.engine();
      expect(
        await count(
          db,
          `select 1 from public.friendships where not _deleted and user_id = $1 and friend_id = $2`,
          [alice, bob],
        ),
      ).toBe(1);
      expect(
        await count(
          db,
          `select 1 from public.friendships where not _deleted and user_id = $2 and friend_id = $1`,
          [alice, bob],
        ),
      ).toBe(1);
      expect(
        await count(
          db,
          `select 1 from public.notifications where user_id = $1 and type = 'friend_request_accepted' and actor_id = $2`,
          [alice, bob],
        ),
      ).toBe(1);
      expect(
        await count(db, `select 1 from public.activities where kind = 'new_friend' and user_id in ($1, $2)`, [
          alice,
          bob,
        ]),
      ).toBe(2);
      expect(
        await count(
          db,
          `select 1 from public.user_achievements where achievement_id = 'first_friend' and user_id in ($1, $2)`,
          [alice, bob],
        ),
      ).toBe(2);
    });

    it('declines and cancels', async () => {
      const frank = await createUserWith(ctx, 'frank');
      const gina = await createUserWith(ctx, 'gina');
      await send(frank, gina);
      const r1 = await one<{ id: string }>(
        ctx.engine(),
        'select id from public.friend_requests where sender_id = $1',
        [frank],
      );
      const declined = await ctx.as(gina, (tx) =>
        one<{ s: string }>(tx, 'select public.respond_friend_request($1, false) as s', [r1.id]),
      );
      expect(declined.s).toBe('declined');
      expect(await count(ctx.engine(), 'select 1 from public.friendships where user_id = $1', [frank])).toBe(
        0,
      );
      // After a decline a new request may be sent; the sender can cancel it, the receiver cannot.
      await send(frank, gina);
      const r2 = await one<{ id: string }>(
        ctx.engine(),
        `select id from public.friend_requests where sender_id = $1 and status = 'pending'`,
        [frank],
      );
      await expectRefusal(
        () => ctx.as(gina, (tx) => tx.query('select public.cancel_friend_request($1)', [r2.id])),
        'SPF05',
      );
      await expectRefusal(
        () =>
          ctx.as(gina, (tx) =>
            tx.query(`update public.friend_requests set status = 'cancelled' where id = $1`, [r2.id]),
          ),
        'SPF06',
      );
      const cancelled = await ctx.as(frank, (tx) =>
        one<{ s: string }>(tx, 'select public.cancel_friend_request($1) as s', [r2.id]),
      );
      expect(cancelled.s).toBe('cancelled');
      // The sender cannot accept their own request with a direct update either.
      await send(frank, gina);
      const r3 = await one<{ id: string }>(
        ctx.engine(),
        `select id from public.friend_requests where sender_id = $1 and status = 'pending'`,
        [frank],
      );
      await expectRefusal(
        () =>
          ctx.as(frank, (tx) =>
            tx.query(`update public.friend_requests set status = 'accepted' where id = $1`, [r3.id]),
          ),
        'SPF06',
      );
    });
  });

  describe('remove_friend', () => {
    it('soft-deletes both directions; a second call returns false', async () => {
      const hank = await createUserWith(ctx, 'hank');
      const ida = await createUserWith(ctx, 'ida');
      await makeFriends(ctx.engine(), hank, ida);
      const first = await ctx.as(hank, (tx) =>
        one<{ r: boolean }>(tx, 'select public.remove_friend($1) as r', [ida]),
      );
      expect(first.r).toBe(true);
      expect(
        await count(
          ctx.engine(),
          `select 1 from public.friendships where _deleted and (user_id = $1 or user_id = $2)`,
          [hank, ida],
        ),
      ).toBe(2);
      const second = await ctx.as(hank, (tx) =>
        one<{ r: boolean }>(tx, 'select public.remove_friend($1) as r', [ida]),
      );
      expect(second.r).toBe(false);
      // Friends again later: the rows come back.
      expect((await send(ida, hank)).r).toBe(1);
    });
  });

  describe('list_user_friends_with_status', () => {
    let hub: string;
    let pubFriend: string;
    let frFriend: string;
    let privFriend: string;
    let viewer: string;

    beforeAll(async () => {
      const db = ctx.engine();
      hub = await createUserWith(ctx, 'hub');
      pubFriend = await createUserWith(ctx, 'zed');
      frFriend = await createUserWith(ctx, 'yan', 'friends');
      privFriend = await createUserWith(ctx, 'xia', 'private');
      viewer = await createUserWith(ctx, 'viewer');
      for (const f of [pubFriend, frFriend, privFriend, viewer]) await makeFriends(db, hub, f);
      for (let i = 0; i < 25; i++)
        await makeFriends(db, hub, await createUserWith(ctx, `m${i.toString().padStart(2, '0')}`));
      await makeFriends(db, viewer, frFriend);
    });

    const list = (as: string, target: string, limit?: number, offset?: number, search?: string | null) =>
      ctx.as(
        as,
        async (tx) =>
          (
            await tx.query<{ id: string; username: string; friendship_status: string }>(
              'select * from public.list_user_friends_with_status($1, $2, $3, $4)',
              [target, limit ?? 20, offset ?? 0, search ?? null],
            )
          ).rows,
      );

    it('pages 20 at a time, sorted by username, statuses relative to the caller', async () => {
      const page1 = await list(viewer, hub);
      const page2 = await list(viewer, hub, 20, 20);
      expect(page1).toHaveLength(20);
      // 29 friends of hub; the private one is hidden from the viewer: 28 visible.
      expect(page1.length + page2.length).toBe(28);
      const all = [...page1, ...page2];
      expect(new Set(all.map((r) => r.id)).size).toBe(28);
      expect(all.map((r) => r.username.toLowerCase())).toEqual(
        [...all.map((r) => r.username.toLowerCase())].sort(),
      );
      expect(all.find((r) => r.id === viewer)?.friendship_status).toBe('self');
      expect(all.find((r) => r.id === frFriend)?.friendship_status).toBe('friend');
      expect(all.find((r) => r.id === pubFriend)?.friendship_status).toBe('none');
      expect(all.some((r) => r.id === privFriend)).toBe(false);
    });

    it('searches by username', async () => {
      const rows = await list(viewer, hub, 20, 0, 'ZE');
      expect(rows.map((r) => r.id)).toEqual([pubFriend]);
    });

    it('obeys the target visibility: friends-only lists are for friends, private ones for the owner', async () => {
      const outsider = await createUserWith(ctx, 'outsider');
      expect(await list(outsider, frFriend)).toEqual([]);
      expect((await list(viewer, frFriend)).length).toBeGreaterThan(0);
      expect(await list(hub, privFriend)).toEqual([]);
      expect((await list(privFriend, privFriend)).map((r) => r.id)).toContain(hub);
      expect(await list(outsider, '00000000-0000-4000-8000-000000000099')).toEqual([]);
    });
  });
});
