// @clock-sensitive: time windows, now()
/**
 * What the leader keeps besides the collections: the local documents the UI reads (`feed_window`,
 * `daily_challenge`, `profile_details`), filled on start and refreshed after intents, realtime changes and
 * load-more; and friends' public profiles (only friends', re-pulled when the friend set changes).
 */
import { firstValueFrom, filter } from 'rxjs';
import { afterEach, expect, inject, it } from 'vitest';
import { claimDailyChallenge } from '../../../src/db/commands/daily-challenge';
import { updateProfileDetails } from '../../../src/db/commands/profile-details';
import { readLocal } from '../../../src/db/local-doc';
import {
  DAILY_CHALLENGE_ID,
  FEED_WINDOW_ID,
  PROFILE_DETAILS_ID,
  feedWindow$,
  type DailyChallengeState,
  type FeedWindow,
  type ProfileDetails,
} from '../../../src/db/local-state';
import { challengeDateUtc } from '../../../src/domain/challenge-date';
import { describeEachEmulator } from '../../support/emulator';
import { eventually, newUser, openDevice, type Device } from './support';

describeEachEmulator('local documents and friends', (suite) => {
  const emulator = () => suite.emulator();
  const sql = (text: string, params: unknown[] = []) => emulator().engine.query(text, params);
  const devices: Device[] = [];
  afterEach(async () => {
    for (const d of devices.splice(0)) await d.close();
  });

  it('fills feed_window, daily_challenge and profile_details and refreshes them', async () => {
    const user = await newUser(emulator());
    const device = await openDevice(emulator(), user.id, {
      token: user.token,
      collections: ['profiles', 'xp_events'],
    });
    devices.push(device);
    const { db } = device;
    const today = challengeDateUtc(new Date());
    const challengeId = `${user.id}:${today}`;

    await eventually(async () => (await readLocal<DailyChallengeState>(db, DAILY_CHALLENGE_ID)) !== null);
    const expected = await sql(
      `select challenge_id, name, points from public.get_daily_challenge($1::date)`,
      [today],
    );
    expect(await readLocal<DailyChallengeState>(db, DAILY_CHALLENGE_ID)).toMatchObject({
      ...expected.rows[0],
      id: challengeId,
      date: today,
      completed: false,
    });
    await eventually(async () => (await readLocal<ProfileDetails>(db, PROFILE_DETAILS_ID))?.id === user.id);
    await eventually(async () => (await readLocal<FeedWindow>(db, FEED_WINDOW_ID))?.fetched_at != null);
    expect((await readLocal<FeedWindow>(db, FEED_WINDOW_ID))!.items).toEqual([]);

    // A change on the server arrives by realtime (once the channel is joined: a change before that is
    // not an event, and under load the join can come after the first pulls).
    await eventually(
      async () => device.session.status().realtime === 'subscribed',
      20_000,
      'realtime joined',
    );
    await sql(`update public.profile_details set height_cm = 181.5 where id = $1`, [user.id]);
    await eventually(
      async () => (await readLocal<ProfileDetails>(db, PROFILE_DETAILS_ID))?.height_cm === 181.5,
      20_000,
      'profile_details refreshed',
    );

    // Claiming the challenge: completed at once, then the server's completion, XP and feed activity.
    const claimed = await claimDailyChallenge({ db, userId: user.id });
    expect(claimed.ok).toBe(true);
    await eventually(
      async () =>
        (await db.xp_events.find({ selector: { source: 'daily_challenge', source_id: challengeId } }).exec())
          .length === 1,
      10_000,
      'challenge XP pulled',
    );
    expect((await readLocal<DailyChallengeState>(db, DAILY_CHALLENGE_ID))?.completed).toBe(true);
    await eventually(
      async () =>
        (await readLocal<FeedWindow>(db, FEED_WINDOW_ID))?.items.some(
          (i) => i.kind === 'challenge_completed',
        ) === true,
      10_000,
      'feed refreshed after the intent',
    );

    // An edit of the personal details goes out as an update intent.
    const edited = await updateProfileDetails({ db, userId: user.id }, { weight_kg: 80.25 });
    expect(edited.ok).toBe(true);
    await eventually(async () => {
      const rows = await sql(`select weight_kg::float8 as w from public.profile_details where id = $1`, [
        user.id,
      ]);
      return (rows.rows[0] as { w: number | null }).w === 80.3;
    });
    await eventually(
      async () => (await readLocal<ProfileDetails>(db, PROFILE_DETAILS_ID))?.weight_kg === 80.3,
    );

    // Older pages: 25 more activities; a refresh shows 20 (newest first), load-more appends the rest.
    await sql(
      `insert into public.activities (id, user_id, kind, level, created_at)
       select 'lvl:' || $1 || ':' || g, $1::uuid, 'level_up', g + 1, now() - (g || ' hours')::interval
       from generate_series(1, 25) g`,
      [user.id],
    );
    device.session.syncNow();
    await eventually(async () => (await readLocal<FeedWindow>(db, FEED_WINDOW_ID))?.items.length === 20);
    // The refresh read one row past the page: there is more.
    expect((await readLocal<FeedWindow>(db, FEED_WINDOW_ID))?.more).toBe(true);
    const more = await device.session.loadMoreFeed();
    expect(more).toEqual({ ok: true, added: 6, done: true });
    const window = await firstValueFrom(feedWindow$(db).pipe(filter((w) => w.items.length === 26)));
    expect(window.more).toBe(false);
    const keys = window.items.map((i) => `${i.created_at}|${i.id}`);
    expect(new Set(keys).size).toBe(26);
    // A refresh keeps as many rows as the window holds.
    device.session.syncNow();
    await device.session.localDocs.idle();
    expect((await readLocal<FeedWindow>(db, FEED_WINDOW_ID))?.items).toHaveLength(26);
    expect((await readLocal<FeedWindow>(db, FEED_WINDOW_ID))?.more).toBe(false);
  });

  // Each step waits up to 30 s: on a loaded 2-core CI run a friendship's arrival, the re-pull it starts
  // (debounced) and the profile's pull took past 10 s (the last two CI runs).
  it(
    'pulls friends’ profiles only, follows their changes and forgets former friends',
    { timeout: 120_000 },
    async () => {
      const me = await newUser(emulator());
      const friend = await newUser(emulator());
      const stranger = await newUser(emulator());
      const device = await openDevice(emulator(), me.id, {
        token: me.token,
        collections: ['profiles', 'friendships'],
      });
      devices.push(device);
      const { db } = device;
      await eventually(async () => (await db.profiles.findOne(me.id).exec()) !== null);
      expect(await db.profiles.findOne(friend.id).exec()).toBeNull();

      await sql(
        `insert into public.friendships (id, user_id, friend_id) values ($1 || ':' || $2, $1::uuid, $2::uuid),
         ($2 || ':' || $1, $2::uuid, $1::uuid)`,
        [me.id, friend.id],
      );
      await eventually(
        async () => (await db.profiles.findOne(friend.id).exec()) !== null,
        30_000,
        'friend pulled',
      );
      // Public, but not a friend: never pulled.
      expect(await db.profiles.findOne(stranger.id).exec()).toBeNull();
      expect((await db.profiles.find().exec()).map((p) => p.id).sort()).toEqual([me.id, friend.id].sort());
      // The friend's row comes without their time zone (get_profile_rows); my own row has mine.
      expect((await db.profiles.findOne(friend.id).exec())?.toJSON().timezone).toBeUndefined();
      expect((await db.profiles.findOne(me.id).exec())?.timezone).toBe('UTC');

      // A friend's new activity reaches my feed window (realtime on activities).
      await sql(
        `insert into public.activities (id, user_id, kind, level) values ($1, $2::uuid, 'level_up', 2)`,
        [`lvl:${friend.id}`, friend.id],
      );
      await eventually(
        async () =>
          (await readLocal<FeedWindow>(db, FEED_WINDOW_ID))?.items.some((i) => i.user_id === friend.id) ===
          true,
        30_000,
        'friend activity in the feed',
      );

      await sql(`update public.profiles set first_name = 'Kai' where id = $1`, [friend.id]);
      await eventually(
        async () => (await db.profiles.findOne(friend.id).exec())?.first_name === 'Kai',
        30_000,
        'friend change followed',
      );

      await sql(`update public.friendships set _deleted = true where user_id in ($1::uuid, $2::uuid)`, [
        me.id,
        friend.id,
      ]);
      await eventually(
        async () => (await db.profiles.findOne(friend.id).exec()) === null,
        30_000,
        'forgotten',
      );
      expect(await db.profiles.findOne(me.id).exec()).not.toBeNull();
    },
  );

  // The realtime join is the emulator's, the same on both engines; PGlite takes twice as long to create
  // the accounts, so this runs on PostgreSQL only when it is there. 500 is the friend limit
  // (20261206200200_friend_limit.sql): their ids take five pulls (sync-worker/core/friend-profiles.ts),
  // one `in` list of 500 would be a URL past the 16 KB a request head may have.
  const pgAvailable = inject('pg15') !== null;
  it.skipIf(suite.kind === 'pglite' && pgAvailable)(
    'pulls the profiles of 500 friends (the limit) and follows them by realtime (cards on the user topic)',
    async () => {
      const me = await newUser(emulator());
      // One statement for the 500 accounts (their profiles come from the sign-up trigger).
      const created = await sql(
        `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       select id, 'authenticated', 'authenticated', left(id::text, 8) || '@example.test', '', now(),
              '{"provider":"email","providers":["email"]}', '{}', now(), now()
         from (select gen_random_uuid() as id from generate_series(1, 500)) as fresh
       returning id`,
      );
      const friends = created.rows.map((r) => String((r as { id: string }).id)).sort();
      // Both directions in one statement; the realtime join is what is tested, not the request flow.
      await sql(
        `insert into public.friendships (id, user_id, friend_id)
       select a || ':' || b, a, b
         from unnest($2::uuid[]) f, lateral (values ($1::uuid, f), (f, $1::uuid)) as pair(a, b)`,
        [me.id, friends],
      );
      const device = await openDevice(emulator(), me.id, {
        token: me.token,
        collections: ['profiles', 'friendships'],
      });
      devices.push(device);
      const { db } = device;
      await eventually(async () => (await db.profiles.count().exec()) === 501, 60_000, 'all friends pulled');
      // The cards come on the user's own private channel; the friends' ids are matched on this side.
      await eventually(
        async () => device.session.status().realtime === 'subscribed',
        20_000,
        'realtime joined',
      );
      const last = friends[499]!;
      await sql(`update public.profiles set first_name = 'Zoe' where id = $1`, [last]);
      await eventually(
        async () => (await db.profiles.findOne(last).exec())?.first_name === 'Zoe',
        10_000,
        'the 500th friend’s change followed',
      );
      expect(device.session.status().realtime).toBe('subscribed');
    },
    120_000,
  );
});
