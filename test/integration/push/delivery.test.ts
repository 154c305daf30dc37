// @clock-sensitive: reminders due by the clock
// Web Push end to end on the emulator (PGlite and PostgreSQL 15): subscriptions stored through REST under
// RLS, a new notification of a user with push on reaches their push endpoint encrypted and VAPID-signed,
// in their language; push off sends nothing; a 410 removes the subscription; a due reminder is
// created by the emulator's clock and pushed. The push service is a local HTTPS server (push-endpoint.ts);
// the sender is the send-push Edge Function under Deno, called by the notifications trigger (pg_net stand-in).
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCAL_VAPID_KEYS } from '../../../supabase/emulator/src/push/vapid';
import { insertAuthUser } from '../../support/engines';
import { describeEachEmulator } from '../../support/emulator';
import { userClient, userToken } from '../emulator/realtime/support';
import {
  agentTrusting,
  selfSignedCertificate,
  startPushEndpoint,
  Subscriber,
  verifyVapid,
  type PushEndpoint,
} from './push-endpoint';

const tls = selfSignedCertificate();

interface Person {
  id: string;
  username: string;
  client: SupabaseClient;
}

describeEachEmulator(
  'web push delivery',
  (suite) => {
    let endpoint: PushEndpoint;
    beforeAll(async () => {
      endpoint = await startPushEndpoint(tls);
    });
    afterAll(async () => {
      await endpoint.close();
    });

    const person = async (prefix: string): Promise<Person> => {
      const username = `${prefix}${randomUUID().slice(0, 5)}`;
      const id = await insertAuthUser(suite.emulator().engine, { username });
      return {
        id,
        username,
        client: await userClient(suite.emulator(), await userToken(suite.emulator(), id)),
      };
    };
    // As the app's settings sync does it: one push_user_settings row (new users have none yet).
    const settings = async (p: Person, values: { push_enabled: boolean; language?: string }) => {
      const state = {
        id: p.id,
        user_id: p.id,
        theme: 'system',
        language: values.language ?? 'en',
        push_enabled: values.push_enabled,
        haptics_enabled: true,
        sound_enabled: true,
        walkthrough_done: false,
        _deleted: false,
      };
      const result = await p.client.rpc('push_user_settings', {
        p_rows: [{ newDocumentState: state, assumedMasterState: null }],
      });
      expect(result.error).toBeNull();
      expect(result.data as unknown).toEqual({ conflicts: [], rejected: [] });
    };
    const subscribe = async (p: Person, path: string) => {
      const subscriber = new Subscriber();
      const id = randomUUID();
      const { error } = await p.client.from('push_subscriptions').insert({
        id,
        user_id: p.id,
        endpoint: `${endpoint.origin}${path}`,
        p256dh: subscriber.p256dh,
        auth: subscriber.auth,
        user_agent: 'integration test',
      });
      expect(error).toBeNull();
      return { id, subscriber };
    };

    it('a subscription is stored under RLS: only its owner reads, changes or deletes it', async () => {
      const alice = await person('al');
      const bob = await person('bo');
      const { id } = await subscribe(alice, `/ok/${randomUUID()}`);

      const own = await alice.client.from('push_subscriptions').select('id, user_id');
      expect(own.data).toEqual([{ id, user_id: alice.id }]);
      const theirs = await bob.client.from('push_subscriptions').select('id').eq('id', id);
      expect(theirs.data).toEqual([]);

      // Bob can neither store a subscription for Alice nor change or delete hers.
      const forged = await bob.client.from('push_subscriptions').insert({
        id: randomUUID(),
        user_id: alice.id,
        endpoint: `${endpoint.origin}/ok/${randomUUID()}`,
        p256dh: 'x',
        auth: 'y',
      });
      expect(forged.error?.code).toBe('42501');
      const update = await bob.client.from('push_subscriptions').update({ auth: 'z' }).eq('id', id).select();
      expect(update.data).toEqual([]);
      const removed = await bob.client.from('push_subscriptions').delete().eq('id', id).select();
      expect(removed.data).toEqual([]);
      const anon = await suite
        .emulator()
        .engine.query('select count(*)::int as n from public.push_subscriptions where id = $1', [id]);
      expect(anon.rows[0]).toEqual({ n: 1 });

      // The owner unsubscribes (the toggle's "off").
      const gone = await alice.client.from('push_subscriptions').delete().eq('id', id).select('id');
      expect(gone.data).toEqual([{ id }]);
    });

    it('a new notification is pushed to each subscription of a user with push on, in their language', async () => {
      const alice = await person('al');
      const bob = await person('bo');
      await settings(alice, { push_enabled: true, language: 'de' });
      const path = `/ok/${randomUUID()}`;
      const { subscriber } = await subscribe(alice, path);

      const sent = await bob.client.rpc('send_friend_request', { p_receiver_id: alice.id });
      expect(sent.error).toBeNull();

      const push = await endpoint.next(path);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push.headers.ttl)).toBeGreaterThan(0);
      const claims = await verifyVapid(
        push.headers.authorization as string | undefined,
        LOCAL_VAPID_KEYS.publicKey,
        endpoint.origin,
      );
      expect(claims.sub).toBe(LOCAL_VAPID_KEYS.subject);

      const message = JSON.parse(subscriber.decrypt(push.body)) as Record<string, unknown>;
      const row = await suite
        .emulator()
        .engine.query<{ id: string }>(
          `select id from public.notifications where user_id = $1 and type = 'friend_request_received'`,
          [alice.id],
        );
      expect(message).toEqual({
        id: row.rows[0]?.id,
        type: 'friend_request_received',
        title: 'Spotter',
        body: `${bob.username} hat dir eine Freundschaftsanfrage geschickt`,
        url: '/profile',
        // The app icon's badge: her one unread notification.
        badge: 1,
        // Declarative Web Push (Safari 18.4+ shows it without the service worker): the same words, the
        // page to open as an absolute URL on the app's origin (APP_URL: the auth site URL).
        web_push: 8030,
        notification: {
          title: 'Spotter',
          body: `${bob.username} hat dir eine Freundschaftsanfrage geschickt`,
          navigate: expect.stringMatching(/^https?:\/\/[^/]+\/profile$/) as unknown,
          lang: 'de',
          tag: row.rows[0]?.id,
          app_badge: '1',
        },
      });
    });

    it('push off sends nothing; a subscription the push service reports gone (410) is removed', async () => {
      const carol = await person('ca');
      const dave = await person('da');
      const quietPath = `/ok/${randomUUID()}`;
      await subscribe(carol, quietPath);
      await settings(carol, { push_enabled: false });
      await dave.client.rpc('send_friend_request', { p_receiver_id: carol.id });
      await suite.emulator().push.drain();
      expect(endpoint.received.filter((p) => p.path === quietPath)).toEqual([]);

      const erin = await person('er');
      await settings(erin, { push_enabled: true });
      const goneSub = await subscribe(erin, `/gone/${randomUUID()}`);
      const liveSub = await subscribe(erin, `/ok/${randomUUID()}`);
      await dave.client.rpc('send_friend_request', { p_receiver_id: erin.id });
      await expect
        .poll(async () => {
          const left = await erin.client.from('push_subscriptions').select('id').order('id');
          return (left.data ?? []).map((r: { id: string }) => r.id);
        })
        .toEqual([liveSub.id]);
      expect(goneSub.id).not.toBe(liveSub.id);
      // The function deletes the gone subscription before it answers; its answer is the delivery record.
      await suite.emulator().push.drain();
      expect(suite.emulator().push.deliveries.some((d) => d.outcome === 'gone' && d.status === 410)).toBe(
        true,
      );
    });

    it('the trigger, the net.http_post stand-in and the send-push function deliver once per subscription', async () => {
      const gina = await person('gi');
      const hank = await person('ha');
      await settings(gina, { push_enabled: true });
      const paths = [`/ok/${randomUUID()}`, `/ok/${randomUUID()}`];
      const subscribers: Subscriber[] = [];
      for (const path of paths) subscribers.push((await subscribe(gina, path)).subscriber);
      expect((await hank.client.rpc('send_friend_request', { p_receiver_id: gina.id })).error).toBeNull();
      await Promise.all(paths.map((path) => endpoint.next(path)));
      await suite.emulator().push.drain();

      const queued = await suite
        .emulator()
        .engine.query<{ n: number }>('select count(*)::int as n from net.emulator_requests');
      expect(queued.rows[0]).toEqual({ n: 0 });
      const [row] = (
        await suite
          .emulator()
          .engine.query<{ id: string }>('select id from public.notifications where user_id = $1', [gina.id])
      ).rows;
      paths.forEach((path, i) => {
        const received = endpoint.received.filter((p) => p.path === path);
        expect(received).toHaveLength(1);
        const body = received[0]?.body ?? Buffer.alloc(0);
        expect(JSON.parse(subscribers[i]?.decrypt(body) ?? '{}')).toMatchObject({
          id: row?.id,
          url: '/profile',
        });
      });
      const sent = suite.emulator().push.deliveries.filter((d) => d.notificationId === row?.id);
      expect(sent.map((d) => [new URL(d.endpoint).pathname, d.outcome]).sort()).toEqual(
        paths.map((path) => [path, 'sent']).sort(),
      );
    });

    it('a due workout reminder is created by the clock, once, and pushed', async () => {
      const frank = await person('fr');
      await settings(frank, { push_enabled: true, language: 'en' });
      const path = `/ok/${randomUUID()}`;
      const { subscriber } = await subscribe(frank, path);
      // A workout in 10 minutes (UTC, the default zone) with a 30-minute reminder: due now.
      const start = new Date(Date.now() + 10 * 60_000);
      const workoutId = randomUUID();
      const inserted = await frank.client.from('workouts').insert({
        id: workoutId,
        user_id: frank.id,
        type: 'yoga',
        date: start.toISOString().slice(0, 10),
        time: start.toISOString().slice(11, 16),
        reminder_min: 30,
      });
      expect(inserted.error).toBeNull();

      const push = await endpoint.next(path, 15_000);
      const message = JSON.parse(subscriber.decrypt(push.body)) as {
        type: string;
        body: string;
        url: string;
      };
      expect(message.type).toBe('workout_reminder');
      expect(message.url).toBe('/schedule');
      expect(message.body).toMatch(/^Reminder: your yoga workout starts (today|tomorrow) at \d\d:\d\d$/);

      // The clock keeps running: still exactly one reminder, and it was pushed once.
      expect(await suite.emulator().push.runReminders()).toBe(0);
      const rows = await frank.client.from('notifications').select('id, type, workout_id');
      expect(rows.data).toEqual([
        {
          id: expect.stringMatching(`^workout_reminder:${workoutId}:`) as unknown,
          type: 'workout_reminder',
          workout_id: workoutId,
        },
      ]);
      expect(endpoint.received.filter((p) => p.path === path)).toHaveLength(1);
    });
  },
  { push: { agent: agentTrusting(tls), reminderIntervalMs: 250, testEndpointHosts: ['127.0.0.1'] } },
);
