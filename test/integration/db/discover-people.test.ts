// discover_people (migrations 20261126141000, 20261207160000): public profiles only, people who show one of
// my gyms first (their chosen gym, never their hidden home gyms), then friends of my friends (only through
// friends whose friends list I may see), then the rest by level.
import { beforeAll, expect, it } from 'vitest';
import { describeEachEngine } from '../../support/engines';
import { createUserWith, makeFriends, sqlState } from './helpers';

const GYM = 'de-discover-gym';

describeEachEngine('discover_people: order and visibility', (ctx) => {
  let me: string;
  let pal: string;
  let hush: string;
  let gymMate: string;
  let hiddenMate: string;
  let fof: string;
  let hushFof: string;
  let top: string;
  let low: string;
  let privateGymMate: string;
  let friendsOnlyFof: string;

  const homeGym = async (user: string) =>
    ctx
      .engine()
      .query(
        `insert into public.home_gyms (id, user_id, gym_id, position) values ($1 || ':' || $2, $1::uuid, $2, 1)`,
        [user, GYM],
      );
  const level = (user: string, n: number) =>
    ctx.engine().query('update public.profiles set level = $2 where id = $1', [user, n]);
  const discover = (who: string, search = 'dq') =>
    ctx.as(who, async (tx) =>
      (
        await tx.query<{ id: string }>('select id from public.discover_people(100, 0, $1)', [search])
      ).rows.map((r) => r.id),
    );

  beforeAll(async () => {
    await ctx.engine().query(
      `insert into public.gyms (id, name, address, city, country, latitude, longitude, verified)
              values ($1, 'Discover Gym', 'x', 'Berlin', 'DE', 52.5, 13.4, true)`,
      [GYM],
    );
    me = await createUserWith(ctx, 'dqme');
    pal = await createUserWith(ctx, 'dqpal');
    hush = await createUserWith(ctx, 'dqhush', 'private');
    gymMate = await createUserWith(ctx, 'dqgym');
    hiddenMate = await createUserWith(ctx, 'dqhidden');
    fof = await createUserWith(ctx, 'dqfof');
    hushFof = await createUserWith(ctx, 'dqhushfof');
    top = await createUserWith(ctx, 'dqtop');
    low = await createUserWith(ctx, 'dqlow');
    privateGymMate = await createUserWith(ctx, 'dqprivgym', 'private');
    friendsOnlyFof = await createUserWith(ctx, 'dqfrfof', 'friends');
    await makeFriends(ctx.engine(), me, pal);
    await makeFriends(ctx.engine(), me, hush);
    await makeFriends(ctx.engine(), pal, fof);
    await makeFriends(ctx.engine(), pal, friendsOnlyFof);
    await makeFriends(ctx.engine(), hush, hushFof);
    for (const u of [me, gymMate, hiddenMate, privateGymMate]) await homeGym(u);
    // gymMate shows the gym on their profile; hiddenMate trains there too, which only they may know.
    await ctx.engine().query('update public.profiles set current_gym_id = $2 where id = $1', [gymMate, GYM]);
    // Levels that would put everyone in the opposite order if level alone decided.
    await level(gymMate, 1);
    await level(fof, 2);
    await level(hushFof, 40);
    await level(top, 50);
    await level(low, 3);
    await level(hiddenMate, 4);
  });

  it('as me: who shows my gym, then friends of friends, then the rest by level; no private or friends-only', async () => {
    // hiddenMate's home gym gives no rank: the order must not tell a stranger where someone trains.
    expect(await discover(me)).toEqual([gymMate, fof, top, hushFof, hiddenMate, low]);
  });

  it("a private friend's friends list gives no rank (their list is theirs alone)", async () => {
    const ids = await discover(me);
    expect(ids.indexOf(hushFof)).toBeGreaterThan(ids.indexOf(top));
  });

  it('as a stranger: public profiles by level only, never private or friends-only ones', async () => {
    const stranger = await createUserWith(ctx, 'dqstranger');
    const ids = await discover(stranger);
    expect(ids.slice(0, 4)).toEqual([top, hushFof, hiddenMate, low]);
    expect(new Set(ids)).toEqual(new Set([top, hushFof, hiddenMate, low, fof, gymMate, me, pal]));
    expect(ids).not.toContain(hush);
    expect(ids).not.toContain(privateGymMate);
    expect(ids).not.toContain(friendsOnlyFof);
  });

  it('as a friend: not my friends, not themselves; a friends-only friend of theirs stays hidden from me', async () => {
    const ids = await discover(pal);
    expect(ids).not.toContain(me);
    expect(ids).not.toContain(fof);
    expect(ids).not.toContain(pal);
    expect(ids).not.toContain(hush);
    expect(ids).not.toContain(privateGymMate);
    expect(await discover(me)).not.toContain(friendsOnlyFof);
  });

  it('is for signed-in users only', async () => {
    expect(await sqlState(() => discover('anon'))).toBe('42501');
  });
});
