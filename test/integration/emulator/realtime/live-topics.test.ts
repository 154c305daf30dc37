// @clock-sensitive: tokens expiring, now()
/**
 * The app's live topics (migrations 20261206200000-20261206200200) through the real supabase-js client:
 * each user joins the private channel `user:<own id>`; the database sends each change to its users and
 * fans friends-visible changes out to the friends who may see them, with the REST reads' rules.
 * Security: a stranger cannot join or read another user's topic, no client can send to any topic,
 * friends-only and private users' events never reach a stranger or a removed friend, a token of another
 * user or an expired one loses the channel, and payloads carry no column the reader may not read.
 */
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { insertAuthUser, runAs } from '../../../support/engines';
import { createTestClient, describeEachEmulator } from '../../../support/emulator';
import { makeFriends } from '../../db/helpers';
import { collector, settle, subscribe, userClient, userToken, type Collector } from './support';

type Message = {
  event: string;
  payload: {
    operation: string;
    table: string;
    schema: string;
    record: Record<string, unknown> | null;
    old_record: Record<string, unknown> | null;
  };
};
type SystemMessage = { extension?: string; status?: string; message?: string };

const GYM = 'de-berlin-mcfit-alexanderplatz';
const CARD_KEYS = [
  '_deleted',
  '_modified',
  'avatar_id',
  'best_streak',
  'current_streak',
  'discriminator',
  'first_name',
  'id',
  'last_name',
  'level',
  'profile_picture_url',
  'slug',
  'username',
  'xp',
];
const PRESENCE_KEYS = ['_deleted', 'checked_in_at', 'checked_out_at', 'gym_id', 'id', 'user_id'];

describeEachEmulator('live topics on private channels', (suite) => {
  const emulator = () => suite.emulator();
  const db = () => emulator().engine;
  const clients: SupabaseClient[] = [];

  afterEach(async () => {
    for (const client of clients.splice(0)) await client.removeAllChannels();
  });

  const user = async (prefix: string, visibility = 'public') => {
    const id = await insertAuthUser(db(), { username: `${prefix}${randomUUID().slice(0, 6)}` });
    await db().query('update public.profiles set visibility = $2 where id = $1', [id, visibility]);
    return id;
  };

  /** A device of `who` on its own topic; resolves once SUBSCRIBED. */
  const device = async (who: string, expiresIn = 3600): Promise<Collector<Message>> => {
    // Messages of the set-up's writes are delivered first (else one could reach the new channel).
    await settle(emulator(), 0);
    const client = await userClient(emulator(), await userToken(emulator(), who, expiresIn));
    clients.push(client);
    const messages = collector<Message>();
    const channel = client
      .channel(`user:${who}`, { config: { private: true } })
      .on('broadcast', { event: '*' }, (m: Message) => messages.push(m));
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    return messages;
  };

  const of = (messages: Collector<Message>, table: string) =>
    messages.items.filter((m) => m.payload.table === table);

  /** Whether `who` reads the row through REST's rules (RLS as that user). */
  const restSees = (who: string, table: string, id: string) =>
    runAs(db(), who, async (tx) => {
      const { rows } = await tx.query(`select 1 from public.${table} where id = $1`, [id]);
      return rows.length === 1;
    });

  describe('joining and sending', () => {
    it("a stranger cannot join another user's topic; anon cannot join any; the owner can", async () => {
      const alice = await user('al');
      await device(alice);
      const mallory = await userClient(emulator(), await userToken(emulator(), await user('ma')));
      clients.push(mallory);
      const refused = await subscribe(mallory.channel(`user:${alice}`, { config: { private: true } }));
      expect(refused.status).toBe('CHANNEL_ERROR');
      expect(refused.error?.message).toBe(
        `Unauthorized: You do not have permissions to read from this Channel topic: user:${alice}`,
      );
      const anon = createTestClient(emulator());
      clients.push(anon);
      const anonRefused = await subscribe(anon.channel(`user:${alice}`, { config: { private: true } }));
      expect(anonRefused.status).toBe('CHANNEL_ERROR');
    });

    it('no client can send to any topic, its own included, over the socket or REST', async () => {
      const alice = await user('al');
      const heard = await device(alice);
      const other = await userClient(emulator(), await userToken(emulator(), alice));
      clients.push(other);
      const own = other.channel(`user:${alice}`, { config: { private: true } });
      expect((await subscribe(own)).status).toBe('SUBSCRIBED');
      await own.send({ type: 'broadcast', event: 'INSERT', payload: { table: 'notifications' } });
      const rest = createTestClient(emulator(), { accessToken: await userToken(emulator(), alice) });
      clients.push(rest);
      await rest
        .channel(`user:${alice}`, { config: { private: true } })
        .httpSend('INSERT', { table: 'notifications' })
        .catch(() => undefined);
      await settle(emulator());
      expect(heard.items).toHaveLength(0);
    });
  });

  describe('what reaches whom', () => {
    it("own rows reach the owner's devices; requests reach both sides", async () => {
      const alice = await user('al');
      const bob = await user('bo');
      const a = await device(alice);
      const b = await device(bob);
      await db().query(
        `insert into public.friend_requests (id, sender_id, receiver_id) values ($1, $2, $3)`,
        [`fr-${randomUUID()}`, alice, bob],
      );
      await a.waitFor(1);
      await b.waitFor(2); // the request and bob's notification of it
      expect(of(a, 'friend_requests')).toHaveLength(1);
      expect(of(b, 'friend_requests')).toHaveLength(1);
      expect(of(b, 'notifications')[0]?.payload).toMatchObject({
        operation: 'INSERT',
        record: { user_id: bob, type: 'friend_request_received' },
      });
      expect(of(a, 'notifications')).toHaveLength(0);
    });

    it('an activity reaches exactly the friends whose REST read shows it, never a stranger or a removed friend', async () => {
      for (const visibility of ['public', 'friends', 'private']) {
        const author = await user('au', visibility);
        const friend = await user('fr');
        const formerFriend = await user('ex');
        const stranger = await user('st');
        const hidden = await user('hi', 'private');
        await makeFriends(db(), author, friend);
        await makeFriends(db(), author, formerFriend);
        await db().query('update public.friendships set _deleted = true where id in ($1, $2)', [
          `${author}:${formerFriend}`,
          `${formerFriend}:${author}`,
        ]);
        const devices = {
          author: await device(author),
          friend: await device(friend),
          formerFriend: await device(formerFriend),
          stranger: await device(stranger),
        };
        const plain = `act-${randomUUID()}`;
        const namingHidden = `act-${randomUUID()}`;
        await db().query(
          `insert into public.activities (id, user_id, kind, workout_id) values ($1, $2, 'level_up', null)`,
          [plain, author],
        );
        await db().query(
          `insert into public.activities (id, user_id, kind, friend_id) values ($1, $2, 'new_friend', $3)`,
          [namingHidden, author, hidden],
        );
        await devices.author.waitFor(2);
        await settle(emulator());
        for (const [name, id] of Object.entries({ author, friend, formerFriend, stranger })) {
          const got = of(devices[name as keyof typeof devices], 'activities').map(
            (m) => m.payload.record?.id,
          );
          for (const activity of [plain, namingHidden]) {
            const sees = await restSees(id, 'activities', activity);
            const isFriendOrSelf = name === 'author' || name === 'friend';
            // Sent exactly to those of the author and live friends whom REST shows it.
            expect([visibility, name, activity === plain, got.includes(activity)]).toEqual([
              visibility,
              name,
              activity === plain,
              sees && isFriendOrSelf,
            ]);
          }
        }
      }
    });

    it('check-in presence and profile cards reach friends only, with no other column, and stop when the friendship ends', async () => {
      const alice = await user('al', 'friends');
      const bob = await user('bo');
      const carol = await user('ca');
      await makeFriends(db(), alice, bob);
      const b = await device(bob);
      const c = await device(carol);
      await runAs(db(), alice, (tx) =>
        tx.query('select public.check_in($1, $2)', [randomUUID(), GYM]).then(() => undefined),
      );
      await db().query('update public.profiles set xp = xp + 5, timezone = $2 where id = $1', [
        alice,
        'Europe/Berlin',
      ]);
      await b.waitFor(3); // presence, the check_in activity, the card
      await settle(emulator());
      const presence = of(b, 'check_ins');
      expect(presence).toHaveLength(1);
      expect(Object.keys(presence[0]?.payload.record ?? {}).sort()).toEqual(PRESENCE_KEYS);
      const cards = of(b, 'profiles');
      expect(cards).toHaveLength(1);
      expect(Object.keys(cards[0]?.payload.record ?? {}).sort()).toEqual(CARD_KEYS);
      expect(cards[0]?.payload.old_record).toEqual({ id: alice });
      expect(b.items.every((m) => m.payload.table !== 'profile_details')).toBe(true);
      // The zone is alice's alone (it follows travel): a zone change sends friends nothing, nor does the
      // unused last_active_at (migration 20261207161000). A column friends read but not on the card (the
      // chosen gym) sends the card again: their devices pull the row (get_profile_rows).
      await db().query('update public.profiles set timezone = $2 where id = $1', [alice, 'Europe/Rome']);
      await db().query('update public.profiles set last_active_at = now() where id = $1', [alice]);
      await settle(emulator());
      expect(of(b, 'profiles')).toHaveLength(1);
      await db().query('update public.profiles set current_gym_id = $2 where id = $1', [alice, GYM]);
      await settle(emulator());
      expect(of(b, 'profiles')).toHaveLength(2);
      expect(c.items).toHaveLength(0);

      // The friendship ends: nothing more reaches bob, at once.
      await db().query('update public.friendships set _deleted = true where id in ($1, $2)', [
        `${alice}:${bob}`,
        `${bob}:${alice}`,
      ]);
      await b.waitFor(5); // bob's own friendships row
      const before = b.items.length;
      await db().query('update public.profiles set xp = xp + 5 where id = $1', [alice]);
      await runAs(db(), alice, (tx) =>
        tx.query('select public.check_in($1, $2)', [randomUUID(), GYM]).then(() => undefined),
      );
      await settle(emulator());
      expect(
        b.items
          .slice(before)
          .filter((m) => m.payload.record?.user_id === alice || m.payload.record?.id === alice),
      ).toEqual([]);
    });

    it('a private user sends nothing to friends', async () => {
      const alice = await user('al', 'private');
      const bob = await user('bo');
      await makeFriends(db(), alice, bob);
      const b = await device(bob);
      await db().query('update public.profiles set xp = xp + 5 where id = $1', [alice]);
      await runAs(db(), alice, (tx) =>
        tx.query('select public.check_in($1, $2)', [randomUUID(), GYM]).then(() => undefined),
      );
      await settle(emulator());
      // (bob's own friendships row may arrive; nothing of alice's may.)
      expect(
        b.items.filter((m) => m.payload.record?.user_id === alice || m.payload.record?.id === alice),
      ).toEqual([]);
    });
  });

  describe('tokens', () => {
    it('a token of another user loses the channel (setAuth); an expired one loses it at expiry', async () => {
      const alice = await user('al');
      const client = createTestClient(emulator(), { accessToken: await userToken(emulator(), alice) });
      clients.push(client);
      await new Promise((resolve) => setImmediate(resolve));
      const system = collector<SystemMessage>();
      const statuses = collector<string>();
      client
        .channel(`user:${alice}`, { config: { private: true } })
        .on('system', {}, (m: SystemMessage) => system.push(m))
        .subscribe((status) => statuses.push(String(status)));
      await statuses.waitFor(1);
      expect(statuses.items[0]).toBe('SUBSCRIBED');
      await client.realtime.setAuth(await userToken(emulator(), await user('ma')));
      await statuses.waitFor(2);
      expect(statuses.items[1]).toBe('CLOSED');
      expect(system.items.find((m) => m.extension === 'system')?.message).toBe(
        `You do not have permissions to read from this Channel topic: user:${alice}`,
      );

      const bob = await user('bo');
      const expiring = await userClient(emulator(), await userToken(emulator(), bob, 2));
      clients.push(expiring);
      const expiringStatuses = collector<string>();
      const heard = collector<Message>();
      expiring
        .channel(`user:${bob}`, { config: { private: true } })
        .on('broadcast', { event: '*' }, (m: Message) => heard.push(m))
        .subscribe((status) => expiringStatuses.push(String(status)));
      await expiringStatuses.waitFor(1);
      await expiringStatuses.waitFor(2, 6_000);
      expect(expiringStatuses.items[1]).toBe('CLOSED');
      // (A message of bob's sign-up may have come while the channel was open.)
      const before = heard.items.length;
      await db().query('update public.profiles set xp = xp + 1 where id = $1', [bob]);
      await settle(emulator());
      expect(heard.items).toHaveLength(before);
    });
  });

  it('refuses a 501st friend (SPF09): the fan-out is bounded', async () => {
    const alice = await user('al');
    const bob = await user('bo');
    // 500 friends set up without triggers (the bulk is not what this tests), then one more through them.
    await db().transaction(async (tx) => {
      await tx.query("set local session_replication_role = 'replica'");
      await tx.query(
        `with u as (select gen_random_uuid() as id, g from generate_series(1, 500) g),
         a as (insert into auth.users (id, aud, role, email, created_at, updated_at)
               select id, 'authenticated', 'authenticated', id || '@example.test', now(), now() from u),
         p as (insert into public.profiles (id, username, discriminator, slug)
               select id, 'bulk', lpad(g::text, 4, '0'), 'bulk-' || id from u)
         insert into public.friendships (id, user_id, friend_id) select $1 || ':' || id, $1::uuid, id from u`,
        [alice],
      );
    });
    const refused = await db()
      .query(
        `insert into public.friendships (id, user_id, friend_id) values ($1 || ':' || $2, $1::uuid, $2::uuid)`,
        [alice, bob],
      )
      .then(
        () => null,
        (error: { code?: string }) => error.code,
      );
    expect(refused).toBe('SPF09');
    // One fewer, and the same friendship is allowed.
    await db().query(
      'update public.friendships set _deleted = true where id = (select min(id) from public.friendships where user_id = $1)',
      [alice],
    );
    await db().query(
      `insert into public.friendships (id, user_id, friend_id) values ($1 || ':' || $2, $1::uuid, $2::uuid)`,
      [alice, bob],
    );
  });
});
