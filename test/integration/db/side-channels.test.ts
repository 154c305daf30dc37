// @clock-sensitive: zones picked from the server's hour, 24-hour and 3-hour windows before now()
// No side channels (issue 34, item 6; migrations 20261207160000..163000), as a hostile client would try
// them through the real supabase-js client, on both engines, read as a stranger, a friend and the user:
// a. the order of discover_people tells nobody where someone trains (hidden home gyms never rank);
// b. a user's time zone (it follows travel) is theirs alone: not in the profiles row for anyone else, in
//    no RPC, card or live message;
// c. the flex XP cap is a rolling 24 hours: hopping zones (the recipient's or the sender's) resets nothing;
// d. check-ins at one gym within 3 hours are one visit (one feed item, one step toward the achievements),
//    and at most 3 visits arrive a day, through check_in() and a direct REST insert alike.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, expect, it } from 'vitest';
import { newUser } from '../sync/support';
import { createTestClient, describeEachEmulator } from '../../support/emulator';
import { makeFriends } from './helpers';

const ZONE = 'Asia/Tokyo';

interface Person {
  id: string;
  client: SupabaseClient;
}

/** The IANA name of the whole-hour zone `offset` hours east of UTC (Etc/GMT's sign is inverted). */
function etcZone(offset: number): string {
  if (offset === 0) return 'UTC';
  return `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

/** The offset (-12..14) at which the local hour now is `hour`, given the hour now in UTC. */
function offsetFor(utcHour: number, hour: number): number {
  const o = (((hour - utcHour) % 24) + 24) % 24;
  return o > 14 ? o - 24 : o;
}

describeEachEmulator('no side channels', (ctx) => {
  const emulator = () => ctx.emulator();
  const db = () => emulator().engine;
  const service = () => createTestClient(emulator(), { key: 'service_role' });
  const person = async (visibility: 'public' | 'friends' | 'private' = 'public'): Promise<Person> => {
    const user = await newUser(emulator());
    await db().query('update public.profiles set visibility = $2 where id = $1', [user.id, visibility]);
    return { id: user.id, client: createTestClient(emulator(), { accessToken: user.token }) };
  };
  const setZone = async (who: Person, zone: string) =>
    expect((await who.client.from('profiles').update({ timezone: zone }).eq('id', who.id)).error).toBeNull();
  let gyms: string[] = [];

  beforeAll(async () => {
    const found = await db().query<{ id: string }>(
      `select id from public.gyms where verified and not _deleted order by id limit 6`,
    );
    gyms = found.rows.map((r) => r.id);
    expect(gyms.length).toBe(6);
  });

  // ---------------------------------------------------------------------------------------------- a.
  it('a. discover_people: a hidden home gym never moves anyone; a shown gym does', async () => {
    const tag = `dsc${randomUUID().slice(0, 5)}`;
    const named = async (suffix: string, level: number, visibility: 'public' | 'friends' = 'public') => {
      const p = await person(visibility);
      await db().query('update public.profiles set username = $2, level = $3 where id = $1', [
        p.id,
        `${tag}${suffix}`,
        level,
      ]);
      return p;
    };
    const viewer = await named('v', 1);
    const target = await named('t', 2);
    const shows = await named('s', 3);
    const high = await named('h', 40);
    const friendOfTarget = await named('f', 5);
    await makeFriends(db(), target.id, friendOfTarget.id);
    const gym = gyms[0]!;
    const order = async (who: Person) => {
      const res = await who.client.rpc('discover_people', { p_limit: 100, p_search: tag });
      expect(res.error).toBeNull();
      return ((res.data ?? []) as { id: string }[]).map((r) => r.id);
    };
    const setHomeGyms = async (who: Person, ids: string[]) =>
      expect((await who.client.rpc('set_home_gyms', { p_gym_ids: ids })).error).toBeNull();

    await setHomeGyms(viewer, [gym]);
    // `shows` shows the gym on their profile (a public field); the target only trains there.
    expect(
      (await shows.client.from('profiles').update({ current_gym_id: gym }).eq('id', shows.id)).error,
    ).toBeNull();
    const before = {
      stranger: await order(viewer),
      friend: await order(friendOfTarget),
      user: await order(target),
    };
    await setHomeGyms(target, [gym, gyms[1]!]);
    // As a stranger: the target's hidden home gym changes nothing; the shown gym ranks first, then level.
    expect(await order(viewer)).toEqual(before.stranger);
    expect(before.stranger).toEqual([shows.id, high.id, friendOfTarget.id, target.id]);
    // As the target's friend (who never discovers the target): nothing moves either.
    expect(await order(friendOfTarget)).toEqual(before.friend);
    expect(before.friend).not.toContain(target.id);
    // As the target: their own home gyms are theirs to use; who shows one of them now ranks first.
    expect(before.user[0]).not.toBe(shows.id);
    expect((await order(target))[0]).toBe(shows.id);
    // The rows themselves stay the owner's.
    expect((await viewer.client.from('home_gyms').select('*').eq('user_id', target.id)).data).toEqual([]);
  });

  // ---------------------------------------------------------------------------------------------- b.
  it('b. the time zone: the owner reads and syncs it; a stranger and a friend get it nowhere', async () => {
    const owner = await person('public');
    const hidden = await person('friends');
    const friend = await person('public');
    const stranger = await person('public');
    await makeFriends(db(), owner.id, friend.id);
    await makeFriends(db(), hidden.id, friend.id);
    await setZone(owner, ZONE);
    await setZone(hidden, ZONE);

    // The owner: the whole row, zone included (their devices replicate it with select=*).
    const own = await owner.client.from('profiles').select('*').eq('id', owner.id);
    expect(own.error).toBeNull();
    expect(own.data).toEqual([expect.objectContaining({ id: owner.id, timezone: ZONE })]);

    // A stranger and a friend: no row through the table, whatever the columns asked for.
    for (const reader of [stranger, friend]) {
      for (const columns of ['*', 'timezone', 'id, username']) {
        const res = await reader.client.from('profiles').select(columns).in('id', [owner.id, hidden.id]);
        expect(res.error).toBeNull();
        expect(res.data).toEqual([]);
      }
      const filtered = await reader.client.from('profiles').select('id').eq('timezone', ZONE);
      expect(((filtered.data ?? []) as { id: string }[]).map((r) => r.id)).not.toContain(owner.id);
    }

    // get_profile_rows: the row without the zone, for whom the reader may see (the old table rule).
    const rows = async (reader: Person) => {
      const res = await reader.client
        .rpc('get_profile_rows', { p_ids: [owner.id, hidden.id] })
        .select('*')
        .order('id');
      expect(res.error).toBeNull();
      return (res.data ?? []) as Record<string, unknown>[];
    };
    const byFriend = await rows(friend);
    expect(byFriend.map((r) => r.id).sort()).toEqual([owner.id, hidden.id].sort());
    const byStranger = await rows(stranger);
    expect(byStranger.map((r) => r.id)).toEqual([owner.id]);
    for (const row of [...byFriend, ...byStranger]) expect(Object.keys(row)).not.toContain('timezone');
    // The filters and order a replication sends apply to it.
    const page = await friend.client
      .rpc('get_profile_rows', { p_ids: [owner.id, hidden.id] })
      .select('*')
      .or(
        `_modified.gt.1970-01-01T00:00:00+00:00,and(_modified.eq.1970-01-01T00:00:00+00:00,id.gt.00000000-0000-0000-0000-000000000000)`,
      )
      .order('_modified')
      .order('id')
      .limit(1);
    expect(page.error).toBeNull();
    expect(page.data).toHaveLength(1);

    // Every read RPC that hands out a person, as the friend and the stranger: no zone anywhere.
    await db().query(
      `insert into public.activities (id, user_id, kind, friend_id) values ($1, $2, 'new_friend', $3)`,
      [`friend:${friend.id}:${owner.id}:${randomUUID().slice(0, 4)}`, friend.id, owner.id],
    );
    await db().query(
      `insert into public.activities (id, user_id, kind, level) values ($1, $2, 'level_up', 2)`,
      [`lvl-${randomUUID()}`, owner.id],
    );
    const everything = async (reader: Person) => {
      const calls = await Promise.all([
        reader.client.rpc('get_public_profile', { p_id: owner.id }),
        reader.client.rpc('get_public_profile', { p_id: hidden.id }),
        reader.client.rpc('discover_people', { p_limit: 100 }),
        reader.client.rpc('list_user_friends_with_status', { p_target_user_id: friend.id, p_limit: 100 }),
        reader.client.rpc('get_public_activity', { p_id: owner.id, p_limit: 50 }),
        reader.client.rpc('get_public_activity', { p_id: friend.id, p_limit: 50 }),
        reader.client.rpc('get_feed', { p_limit: 100 }),
        reader.client.rpc('get_weekly_leaderboard'),
      ]);
      for (const call of calls) expect(call.error).toBeNull();
      return JSON.stringify(calls.map((c) => c.data as unknown));
    };
    for (const reader of [friend, stranger]) {
      const text = await everything(reader);
      expect(text).not.toContain(ZONE);
      expect(text).not.toContain('timezone');
    }
    // The friend still sees the owner where they did: the profile, the feed's new_friend name.
    const seen = await everything(friend);
    expect(seen).toContain(owner.id);
    const activity = await stranger.client.rpc('get_public_activity', { p_id: friend.id, p_limit: 50 });
    const named = ((activity.data ?? []) as { kind: string; friend_username: string | null }[]).filter(
      (a) => a.kind === 'new_friend' && a.friend_username !== null,
    );
    expect(named.length).toBeGreaterThan(0);

    // Live messages: a zone change alone sends friends nothing, and no message to them ever names it.
    const messages = async (userId: string) =>
      (
        await db().query<{ payload: unknown }>(`select payload from realtime.messages where topic = $1`, [
          `user:${userId}`,
        ])
      ).rows;
    const sent = (await messages(friend.id)).length;
    await setZone(owner, 'America/Lima');
    expect((await messages(friend.id)).length).toBe(sent);
    const toFriend = await messages(friend.id);
    expect(JSON.stringify(toFriend)).not.toMatch(/Asia\/Tokyo|America\/Lima/);
    const aboutOwner = toFriend.filter((m) => JSON.stringify(m.payload).includes(owner.id));
    expect(aboutOwner.length).toBeGreaterThan(0);
    expect(JSON.stringify(aboutOwner)).not.toContain('timezone');
    // The owner's own topic carries their row, zone included (their other devices follow it).
    expect(JSON.stringify(await messages(owner.id))).toContain('America/Lima');
  });

  // ---------------------------------------------------------------------------------------------- c.
  it('c. the flex cap is a rolling 24 hours: zone hops of recipient and sender pay nothing more', async () => {
    const farmer = await person();
    const puppet = await person();
    await makeFriends(db(), farmer.id, puppet.id);
    const utcHour = (
      await db().query<{ h: number }>(`select extract(hour from now() at time zone 'UTC')::int as h`)
    ).rows[0]!.h;
    // Noon there now: flexes paid two hours ago fall in today. One there now: its day began under two
    // hours ago, after them (the old per-day cap started over).
    const noon = etcZone(offsetFor(utcHour, 12));
    const justPastMidnight = etcZone(offsetFor(utcHour, 1));
    const activities: string[] = [];
    for (let i = 0; i < 14; i += 1) {
      const id = `lvl-${randomUUID()}`;
      await db().query(
        `insert into public.activities (id, user_id, kind, level) values ($1, $2, 'level_up', $3)`,
        [id, farmer.id, i + 2],
      );
      activities.push(id);
    }
    const flexXp = async () =>
      (
        await db().query<{ n: number }>(
          `select coalesce(sum(amount), 0)::int as n from public.xp_events where user_id = $1 and source = 'flex_received'`,
          [farmer.id],
        )
      ).rows[0]!.n;
    const flexRpc = async (activity: string) =>
      expect(
        (await puppet.client.rpc('flex_activity', { p_id: randomUUID(), p_activity_id: activity })).error,
      ).toBeNull();
    const flexRest = async (activity: string) =>
      expect(
        (
          await puppet.client
            .from('flexes')
            .insert({ id: randomUUID(), sender_id: puppet.id, activity_id: activity })
        ).error,
      ).toBeNull();
    const age = (interval: string) =>
      db().query(
        `update public.xp_events set created_at = created_at - $2::interval where user_id = $1 and source = 'flex_received'`,
        [farmer.id, interval],
      );

    await setZone(farmer, noon);
    for (let i = 0; i < 10; i += 1) await (i % 2 ? flexRest : flexRpc)(activities[i]!);
    expect(await flexXp()).toBe(50);
    await age('2 hours');
    await flexRpc(activities[10]!);
    expect(await flexXp()).toBe(50);
    // The recipient hops to a zone where a new day began since those 10 were paid; the sender hops too.
    await setZone(farmer, justPastMidnight);
    await setZone(puppet, etcZone(offsetFor(utcHour, 23)));
    await flexRest(activities[11]!);
    await setZone(farmer, noon);
    await setZone(puppet, 'Pacific/Kiritimati');
    await flexRpc(activities[12]!);
    expect(await flexXp()).toBe(50);
    // 24 hours after the 10 paid ones, there is room again: one more is paid.
    await age('22 hours 1 minute');
    await flexRpc(activities[13]!);
    expect(await flexXp()).toBe(55);
    // Every flex is recorded, paid or not.
    const { count } = await service()
      .from('flexes')
      .select('id', { count: 'exact', head: true })
      .eq('recipient_id', farmer.id);
    expect(count).toBe(14);
  });

  // ---------------------------------------------------------------------------------------------- d.
  it('d. ten check-ins in a minute are one visit: one feed item, one step toward the achievements', async () => {
    const user = await person();
    const friend = await person();
    await makeFriends(db(), user.id, friend.id);
    const gym = gyms[0]!;
    for (let i = 0; i < 10; i += 1) {
      const res =
        i % 2 === 0
          ? await user.client.rpc('check_in', { p_id: randomUUID(), p_gym_id: gym })
          : await user.client.from('check_ins').insert({ id: randomUUID(), user_id: user.id, gym_id: gym });
      expect(res.error).toBeNull();
    }
    const visits = async (who: string) =>
      (
        await db().query<{ n: number }>(
          `select count(*)::int as n from public.activities where user_id = $1 and kind = 'check_in'`,
          [who],
        )
      ).rows[0]!.n;
    const achievements = async (who: string) =>
      (
        await db().query<{ achievement_id: string }>(
          `select achievement_id from public.user_achievements where user_id = $1 and achievement_id like '%check_in%'
           order by 1`,
          [who],
        )
      ).rows.map((r) => r.achievement_id);
    expect(await visits(user.id)).toBe(1);
    expect(await achievements(user.id)).toEqual(['first_check_in']);
    // Every check-in is kept (presence), only the last one open.
    const { data: rows } = await user.client
      .from('check_ins')
      .select('id, checked_out_at')
      .eq('user_id', user.id);
    expect(rows).toHaveLength(10);
    expect(rows!.filter((r) => r.checked_out_at === null)).toHaveLength(1);
    // The friend's feed shows one check-in.
    const feed = await friend.client.rpc('get_feed', { p_limit: 100 });
    expect(feed.error).toBeNull();
    expect(
      ((feed.data ?? []) as { user_id: string; kind: string }[]).filter(
        (a) => a.user_id === user.id && a.kind === 'check_in',
      ),
    ).toHaveLength(1);
    // One dated back inside the visit (an offline check-in arriving late) is the same visit.
    const twoHoursAgo = (await db().query<{ at: string }>(`select (now() - interval '2 hours')::text as at`))
      .rows[0]!.at;
    const earlier = await user.client.rpc('check_in', {
      p_id: randomUUID(),
      p_gym_id: gym,
      p_at: twoHoursAgo,
    });
    expect(earlier.error).toBeNull();
    expect(await visits(user.id)).toBe(1);
  });

  it('d. dating check-ins back or hopping gyms makes at most 3 visits a day; a later visit counts', async () => {
    // Nine check-ins at one gym, each 4 hours before the last (separate visits by their times), at once.
    const backdater = await person();
    for (let i = 1; i <= 9; i += 1) {
      const at = (
        await db().query<{ at: string }>(`select (now() - $1::interval)::text as at`, [`${4 * i} hours`])
      ).rows[0]!.at;
      const res = await backdater.client
        .from('check_ins')
        .insert({ id: randomUUID(), user_id: backdater.id, gym_id: gyms[1]!, checked_in_at: at });
      expect(res.error).toBeNull();
    }
    // Six gyms in a minute.
    const hopper = await person();
    for (const gym of gyms) {
      expect((await hopper.client.rpc('check_in', { p_id: randomUUID(), p_gym_id: gym })).error).toBeNull();
    }
    const visits = async (who: string) =>
      (
        await db().query<{ n: number }>(
          `select count(*)::int as n from public.activities where user_id = $1 and kind = 'check_in'`,
          [who],
        )
      ).rows[0]!.n;
    expect(await visits(backdater.id)).toBe(3);
    expect(await visits(hopper.id)).toBe(3);
    const unlocked = await db().query(
      `select 1 from public.user_achievements where user_id = any($1) and achievement_id = 'check_ins_10'`,
      [[backdater.id, hopper.id]],
    );
    expect(unlocked.rows).toEqual([]);

    // A real second visit: the first was 4 hours ago and arrived then (both moved back as time would).
    const regular = await person();
    const first = randomUUID();
    expect((await regular.client.rpc('check_in', { p_id: first, p_gym_id: gyms[2]! })).error).toBeNull();
    await db().query(
      `update public.check_ins set checked_in_at = checked_in_at - interval '4 hours',
              created_at = created_at - interval '4 hours', checked_out_at = null where id = $1`,
      [first],
    );
    expect(
      (await regular.client.rpc('check_in', { p_id: randomUUID(), p_gym_id: gyms[2]! })).error,
    ).toBeNull();
    expect(await visits(regular.id)).toBe(2);
  });
});
