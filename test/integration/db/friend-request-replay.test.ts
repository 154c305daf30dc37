// A friend request sent from the offline queue may be delivered twice (the service worker's replay and
// the sync worker's retry). With the client's id (p_id) a second delivery answers as the first did and
// changes nothing: one request row, one notification, no refusal. Migration 20261126120000.
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';
import { clientId, count, createUserWith, expectRefusal, makeFriends, one } from './helpers';

describeEachEngine('friend request replay', (ctx) => {
  let alice: string;
  let bob: string;
  let carol: string;
  let bobHandle: string;

  beforeAll(async () => {
    alice = await createUserWith(ctx, 'alice');
    bob = await createUserWith(ctx, 'bob');
    carol = await createUserWith(ctx, 'carol', 'private');
    const row = await one<{ username: string; discriminator: string }>(
      ctx.engine(),
      'select username, discriminator from public.profiles where id = $1',
      [bob],
    );
    bobHandle = `${row.username}#${row.discriminator}`;
  });

  const byHandle = (from: string, handle: string, id: string) =>
    ctx.as(from, (tx) =>
      one<{ r: number }>(tx, 'select public.add_friend_by_handle($1, $2) as r', [handle, id]),
    );
  const send = (from: string, to: string, id: string) =>
    ctx.as(from, (tx) => one<{ r: number }>(tx, 'select public.send_friend_request($1, $2) as r', [to, id]));
  const requests = (a: string, b: string) =>
    count(ctx.engine(), 'select 1 from public.friend_requests where sender_id = $1 and receiver_id = $2', [
      a,
      b,
    ]);

  it('by handle: the request is stored under the client id; a replay answers 1 and adds nothing', async () => {
    const id = 'client-0001-alice-bob';
    expect((await byHandle(alice, bobHandle, id)).r).toBe(1);
    expect((await byHandle(alice, ` ${bobHandle} `, id)).r).toBe(1);
    expect(await requests(alice, bob)).toBe(1);
    const request = await one<{ id: string; status: string }>(
      ctx.engine(),
      'select id, status from public.friend_requests where sender_id = $1 and receiver_id = $2',
      [alice, bob],
    );
    expect(request).toEqual({ id, status: 'pending' });
    expect(
      await count(
        ctx.engine(),
        `select 1 from public.notifications where user_id = $1 and type = 'friend_request_received'
           and friend_request_id = $2`,
        [bob, id],
      ),
    ).toBe(1);
    // A new send (another id) is still the duplicate it always was.
    await expectRefusal(
      () => byHandle(alice, bobHandle, 'client-0002-alice-bob'),
      'SPF03',
      'Friend request already exists',
    );
    // Accepted meanwhile: the replay still answers 1, not "already friends".
    await ctx.as(bob, (tx) => tx.query('select public.respond_friend_request($1, true)', [id]));
    expect((await byHandle(alice, bobHandle, id)).r).toBe(1);
    await expectRefusal(() => byHandle(alice, bobHandle, 'client-0003-alice-bob'), 'SPF02');
  });

  it('when the receiver had asked first: 2 (friends now), and a replay answers 2 again', async () => {
    await ctx.as(carol, (tx) => tx.query('select public.send_friend_request($1)', [alice]));
    const id = 'client-0004-alice-carol';
    expect((await send(alice, carol, id)).r).toBe(2);
    expect((await send(alice, carol, id)).r).toBe(2);
    expect(
      await count(
        ctx.engine(),
        'select 1 from public.friendships where not _deleted and user_id = $1 and friend_id = $2',
        [alice, carol],
      ),
    ).toBe(1);
    expect(await requests(alice, carol)).toBe(0);
  });

  it("refusals are not remembered; another user's id is not a replay; the old signatures still answer", async () => {
    await expectRefusal(
      () => byHandle(alice, 'nobody#0000', 'client-0005-unknown'),
      'SPF04',
      'User not found',
    );
    await expectRefusal(() => byHandle(alice, 'no handle', 'client-0005-unknown'), 'SPF04');
    await expectRefusal(
      () => send(alice, alice, 'client-0006-self'),
      'SPF01',
      'You cannot add yourself as a friend',
    );
    // Bob replays Alice's id: not his send, so it is checked as a new one (already friends).
    await expectRefusal(() => send(bob, alice, 'client-0001-alice-bob'), 'SPF02', 'You are already friends');
    await expectRefusal(() => send(alice, bob, 'short'), 'SPF08');
    const dave = await createUserWith(ctx, 'dave');
    expect(
      (
        await ctx.as(alice, (tx) =>
          one<{ r: number }>(tx, 'select public.send_friend_request($1) as r', [dave]),
        )
      ).r,
    ).toBe(1);
  });

  it('two deliveries at once apply once', async () => {
    const erin = await createUserWith(ctx, 'erin');
    const id = 'client-0007-bob-erin';
    const answers = await Promise.all([send(bob, erin, id), send(bob, erin, id)]);
    expect(answers.map((a) => a.r)).toEqual([1, 1]);
    expect(await requests(bob, erin)).toBe(1);
  });

  it('get_friends_checked_in: friends with an open check-in, not private ones, not strangers', async () => {
    const gym = await one<{ id: string; name: string }>(
      ctx.engine(),
      'select id, name from public.gyms where verified order by id limit 1',
    );
    const frank = await createUserWith(ctx, 'frank', 'friends');
    const hidden = await createUserWith(ctx, 'hidden', 'private');
    const stranger = await createUserWith(ctx, 'stranger');
    await makeFriends(ctx.engine(), alice, frank);
    await makeFriends(ctx.engine(), alice, hidden);
    for (const who of [frank, hidden, stranger]) {
      await ctx.as(who, (tx) => tx.query('select public.check_in($1, $2)', [clientId('ci'), gym.id]));
    }
    const rows = await ctx.as(alice, (tx) =>
      tx.query<{ user_id: string; gym_id: string; gym_name: string }>(
        'select user_id, gym_id, gym_name from public.get_friends_checked_in()',
      ),
    );
    expect(rows.rows).toEqual([{ user_id: frank, gym_id: gym.id, gym_name: gym.name }]);
  });
});
