// @clock-sensitive: the week in the user's zone
/**
 * The `weekly_leaderboard` local document (sync-worker/core/leaderboard-doc.ts): filled on start from
 * get_weekly_leaderboard and refreshed when its inputs change locally: a friend's profile (their XP) and
 * my own xp_events, both arriving by realtime.
 */
import { afterEach, expect, it } from 'vitest';
import { readLocal } from '../../../src/db/local-doc';
import { WEEKLY_LEADERBOARD_ID, type WeeklyLeaderboard } from '../../../src/db/local-state';
import { describeEachEmulator } from '../../support/emulator';
import { eventually, newUser, openDevice, type Device } from './support';

describeEachEmulator('weekly leaderboard document', (suite) => {
  const emulator = () => suite.emulator();
  const sql = (text: string, params: unknown[] = []) => emulator().engine.query(text, params);
  const devices: Device[] = [];
  afterEach(async () => {
    for (const d of devices.splice(0)) await d.close();
  });
  const xpNow = (user: string, amount: number, key: string) =>
    sql(
      `insert into public.xp_events (user_id, source, source_id, amount) values ($1, 'daily_challenge', $2, $3)`,
      [user, key, amount],
    );

  it('is filled on start and follows a friend’s XP and my own', async () => {
    const me = await newUser(emulator());
    const friend = await newUser(emulator());
    await sql(
      `insert into public.friendships (id, user_id, friend_id)
       values ($1 || ':' || $2, $1::uuid, $2::uuid), ($2 || ':' || $1, $2::uuid, $1::uuid)`,
      [me.id, friend.id],
    );
    const device = await openDevice(emulator(), me.id, {
      token: me.token,
      collections: ['profiles', 'friendships', 'xp_events'],
    });
    devices.push(device);
    const { db } = device;
    const board = () => readLocal<WeeklyLeaderboard>(db, WEEKLY_LEADERBOARD_ID);
    const xpOf = async (id: string) => (await board())?.rows.find((r) => r.user_id === id)?.week_xp;

    await eventually(async () => (await board())?.rows.length === 2, 20_000, 'board fetched');
    const first = (await board())!;
    expect(first.rows.map((r) => [r.user_id, r.week_xp, r.is_me])).toEqual(
      expect.arrayContaining([
        [me.id, 0, true],
        [friend.id, 0, false],
      ]),
    );
    const expectedStart = await sql(
      `select (d - (date_part('isodow', d)::int - 1))::text as s
       from (select (now() at time zone (select timezone from public.profiles where id = $1))::date as d) t`,
      [me.id],
    );
    expect(first.week_start).toBe((expectedStart.rows[0] as { s: string }).s);
    expect(first.fetched_at).not.toBeNull();

    await eventually(
      async () => device.session.status().realtime === 'subscribed',
      20_000,
      'realtime joined',
    );
    // The friend earns XP: their profile changes, the worker pulls it and refreshes the board.
    await xpNow(friend.id, 30, 'lb-friend-1');
    await eventually(async () => (await xpOf(friend.id)) === 30, 20_000, 'friend’s XP on the board');
    // I earn XP: my xp_events arrive, and the board follows.
    await xpNow(me.id, 45, 'lb-me-1');
    await eventually(async () => (await xpOf(me.id)) === 45, 20_000, 'my XP on the board');
    const last = (await board())!;
    expect(last.rows.map((r) => [r.rank, r.is_me])).toEqual([
      [1, true],
      [2, false],
    ]);
  });
});
