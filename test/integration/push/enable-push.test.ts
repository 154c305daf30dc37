// @clock-sensitive: wall-clock stamps, expiry
// The settings page's push toggle (src/features/push/push-subscription.ts) against the emulator, the real
// supabase-js client and a real sync session: "on" subscribes for the app's VAPID key, stores the
// subscription under RLS and turns push_enabled on, so the next notification reaches the subscription
// encrypted; "off" removes it. The one stand-in is the browser's PushManager (headless Chromium has no
// push service): it hands out subscriptions of a local subscriber key pair on the local push endpoint
// (push-endpoint.ts), which decrypts what the emulator sends, as a browser would.
// Also: a push service the server refuses (SPP01), the service worker's endpoint swap on
// pushsubscriptionchange (service-worker/subscription-change.ts) and the page's renewal on its next start
// when the worker had no session (renew-subscription.ts), with the queue database on fake-indexeddb.
import { randomUUID } from 'node:crypto';
import type { DatabaseClient } from '../../../src/db/database';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { applicationServerKey, LOCAL_VAPID_PUBLIC_KEY } from '../../../src/features/push/vapid';
import { IDBFactory } from 'fake-indexeddb';
import { QueueDb } from '../../../service-worker/queue-db';
import { disablePush, enablePush, type PushDeps } from '../../../src/features/push/push-subscription';
import { renewFlaggedSubscription } from '../../../src/features/push/renew-subscription';
import { handleSubscriptionChange } from '../../../service-worker/subscription-change';
import { insertAuthUser } from '../../support/engines';
import { createTestClient, describeEachEmulator } from '../../support/emulator';
import { userToken } from '../emulator/realtime/support';
import { eventually, openDevice, type Device } from '../sync/support';
import {
  agentTrusting,
  selfSignedCertificate,
  startPushEndpoint,
  Subscriber,
  type PushEndpoint,
} from './push-endpoint';

const tls = selfSignedCertificate();

/** The browser's side of one origin's push: at most one subscription, made for one server key. */
class BrowserPush {
  subscription: (PushSubscription & { subscriber: Subscriber }) | null = null;
  subscribeCalls = 0;
  /** Where this browser's push service is (a test may move it). */
  constructor(public origin: string) {}

  registration(): ServiceWorkerRegistration {
    const pushManager = {
      getSubscription: () => Promise.resolve(this.subscription),
      subscribe: (options: PushSubscriptionOptionsInit) => {
        this.subscribeCalls++;
        // The app must subscribe for user-visible pushes with the VAPID key the emulator signs with.
        expect(options.userVisibleOnly).toBe(true);
        expect([...new Uint8Array(options.applicationServerKey as Uint8Array)]).toEqual([
          ...applicationServerKey(LOCAL_VAPID_PUBLIC_KEY),
        ]);
        this.subscription = this.make(`/ok/${randomUUID()}`);
        return Promise.resolve(this.subscription);
      },
    };
    return { pushManager } as unknown as ServiceWorkerRegistration;
  }

  /** A subscription this browser holds (e.g. made earlier for another account). */
  make(path: string): PushSubscription & { subscriber: Subscriber } {
    const subscriber = new Subscriber();
    const endpoint = `${this.origin}${path}`;
    const subscription = {
      endpoint,
      subscriber,
      toJSON: () => ({ endpoint, keys: { p256dh: subscriber.p256dh, auth: subscriber.auth } }),
      unsubscribe: () => {
        if (this.subscription === subscription) this.subscription = null;
        return Promise.resolve(true);
      },
    } as unknown as PushSubscription & { subscriber: Subscriber };
    return subscription;
  }
}

describeEachEmulator(
  'push toggle (enablePush / disablePush)',
  (suite) => {
    let endpoint: PushEndpoint;
    const devices: Device[] = [];
    beforeAll(async () => {
      endpoint = await startPushEndpoint(tls);
    });
    afterAll(async () => {
      await endpoint.close();
    });
    afterEach(async () => {
      for (const d of devices.splice(0)) await d.close();
    });

    async function person(prefix: string): Promise<{ id: string; username: string; client: DatabaseClient }> {
      const username = `${prefix}${randomUUID().slice(0, 5)}`;
      const id = await insertAuthUser(suite.emulator().engine, { username });
      return {
        id,
        username,
        client: createTestClient(suite.emulator(), { accessToken: await userToken(suite.emulator(), id) }),
      };
    }

    /** A signed-in device of `user` (settings replicated by a real sync session) and its push deps. */
    async function deviceOf(
      user: { id: string; client: DatabaseClient },
      permission: NotificationPermission,
    ) {
      const device = await openDevice(suite.emulator(), user.id, {
        token: await userToken(suite.emulator(), user.id),
        collections: ['user_settings'],
        realtime: false,
      });
      devices.push(device);
      const browser = new BrowserPush(endpoint.origin);
      let asked = 0;
      const deps: PushDeps = {
        client: user.client,
        ctx: { db: device.db, userId: user.id },
        registration: () => Promise.resolve(browser.registration()),
        notification: {
          permission: 'default',
          requestPermission: () => {
            asked++;
            return Promise.resolve(permission);
          },
        } as unknown as PushDeps['notification'] & object,
        online: () => true,
        userAgent: 'enable-push test',
      };
      return { device, browser, deps, asked: () => asked };
    }

    const storedSubscriptions = async (userId: string) =>
      (
        await suite
          .emulator()
          .engine.query<{ endpoint: string; p256dh: string; auth: string; user_agent: string }>(
            `select endpoint, p256dh, auth, user_agent from public.push_subscriptions where user_id = $1`,
            [userId],
          )
      ).rows;
    const serverPushEnabled = async (userId: string) =>
      (
        await suite
          .emulator()
          .engine.query<{ push_enabled: boolean }>(
            `select push_enabled from public.user_settings where user_id = $1`,
            [userId],
          )
      ).rows[0]?.push_enabled;

    it('on: subscribes, stores the subscription, turns push on; the next notification arrives; off removes it', async () => {
      const alice = await person('al');
      const bob = await person('bo');
      const { device, browser, deps, asked } = await deviceOf(alice, 'granted');

      expect(await enablePush(deps)).toEqual({ ok: true, enabled: true });
      expect(asked()).toBe(1);
      const subscription = browser.subscription!;
      expect(await storedSubscriptions(alice.id)).toEqual([
        {
          endpoint: subscription.endpoint,
          p256dh: subscription.subscriber.p256dh,
          auth: subscription.subscriber.auth,
          user_agent: 'enable-push test',
        },
      ]);
      expect((await device.db.user_settings.findOne(alice.id).exec())?.push_enabled).toBe(true);
      // The setting reaches the server through the sync session, like every setting.
      await eventually(
        async () => (await serverPushEnabled(alice.id)) === true,
        15_000,
        'push_enabled synced',
      );

      // A friend request makes a notification, which the emulator pushes to the stored subscription.
      expect((await bob.client.rpc('send_friend_request', { p_receiver_id: alice.id })).error).toBeNull();
      const push = await endpoint.next(new URL(subscription.endpoint).pathname);
      const message = JSON.parse(subscription.subscriber.decrypt(push.body)) as { body: string; url: string };
      expect(message.body).toContain(bob.username);
      expect(message.url).toBe('/profile');

      // On again: the subscription this browser holds is mine, so it is kept (no second subscribe).
      expect(await enablePush(deps)).toEqual({ ok: true, enabled: true });
      expect(browser.subscribeCalls).toBe(1);
      expect(await storedSubscriptions(alice.id)).toHaveLength(1);

      // Off: the row is deleted, the browser unsubscribed, the setting off on both sides.
      expect(await disablePush(deps)).toEqual({ ok: true, enabled: false });
      expect(browser.subscription).toBeNull();
      expect(await storedSubscriptions(alice.id)).toEqual([]);
      await eventually(async () => (await serverPushEnabled(alice.id)) === false, 15_000, 'push off synced');
    });

    it('a subscription this browser holds that is not stored as mine (another account, an old key) is replaced', async () => {
      const carol = await person('ca');
      const { browser, deps } = await deviceOf(carol, 'granted');
      const old = browser.make(`/ok/${randomUUID()}`);
      browser.subscription = old;
      expect(await enablePush(deps)).toEqual({ ok: true, enabled: true });
      expect(browser.subscribeCalls).toBe(1);
      expect(browser.subscription?.endpoint).not.toBe(old.endpoint);
      expect((await storedSubscriptions(carol.id)).map((s) => s.endpoint)).toEqual([
        browser.subscription?.endpoint,
      ]);
    });

    it('a subscription the browser rotated while the worker had no session is registered again on the next start', async () => {
      const frank = await person('fr');
      const bob = await person('bo');
      const { browser, deps } = await deviceOf(frank, 'granted');
      expect(await enablePush(deps)).toEqual({ ok: true, enabled: true });
      const old = browser.subscription!.endpoint;
      await eventually(async () => (await serverPushEnabled(frank.id)) === true, 15_000, 'push on synced');

      // The browser dropped the subscription; the worker, signed out, left a renewal for the page.
      browser.subscription = null;
      const queueDb = new QueueDb(new IDBFactory());
      await queueDb.writePushRenewal({ oldEndpoint: old, at: Date.now() });
      const renew = { ...deps, queueDb, pushEnabled: () => Promise.resolve(true) };
      const granted = { permission: 'granted' } as unknown as PushDeps['notification'] & object;
      expect(await renewFlaggedSubscription({ ...renew, notification: granted })).toBe('renewed');
      const renewed = browser.subscription!;
      expect(renewed.endpoint).not.toBe(old);
      expect((await storedSubscriptions(frank.id)).map((s) => s.endpoint)).toEqual([renewed.endpoint]);
      expect(await queueDb.readPushRenewal()).toBeNull();
      // Nothing left to do on the start after that.
      expect(await renewFlaggedSubscription({ ...renew, notification: granted })).toBe('none');

      // The next notification reaches the new subscription.
      expect((await bob.client.rpc('send_friend_request', { p_receiver_id: frank.id })).error).toBeNull();
      const push = await endpoint.next(new URL(renewed.endpoint).pathname);
      expect(renewed.subscriber.decrypt(push.body)).toContain(bob.username);
    });

    it('the service worker swaps the endpoint on the server with the stored session (pushsubscriptionchange)', async () => {
      const gina = await person('gi');
      const { browser, deps } = await deviceOf(gina, 'granted');
      expect(await enablePush(deps)).toEqual({ ok: true, enabled: true });
      const old = browser.subscription!.endpoint;
      const next = browser.make(`/ok/${randomUUID()}`);
      const queueDb = new QueueDb(new IDBFactory());
      const result = await handleSubscriptionChange({
        oldEndpoint: old,
        oldKey: null,
        newSubscription: next,
        vapidPublicKey: LOCAL_VAPID_PUBLIC_KEY,
        subscribe: () => Promise.reject(new Error('the event carried the new subscription')),
        session: {
          userId: gina.id,
          accessToken: await userToken(suite.emulator(), gina.id),
          expiresAt: null,
          updatedAt: Date.now(),
        },
        supabaseUrl: suite.emulator().url,
        apiKey: suite.emulator().status.ANON_KEY,
        clientInfo: 'spotter-web/1.0.0',
        userAgent: 'service worker test',
        fetch: (request) => fetch(request),
        newId: () => randomUUID(),
        now: () => Date.now(),
        leaveForPage: (renewal) => queueDb.writePushRenewal(renewal),
      });
      expect(result).toBe('renewed');
      expect((await storedSubscriptions(gina.id)).map((s) => s.endpoint)).toEqual([next.endpoint]);
      expect(await queueDb.readPushRenewal()).toBeNull();
    });

    it('a push service the server refuses (a private address): nothing is stored, the browser is unsubscribed, push stays off', async () => {
      const erin = await person('er');
      const { browser, deps, device } = await deviceOf(erin, 'granted');
      browser.origin = 'https://10.0.0.1';
      expect(await enablePush(deps)).toEqual({ ok: false, reason: 'refused' });
      expect(browser.subscribeCalls).toBe(1);
      expect(browser.subscription).toBeNull();
      expect(await storedSubscriptions(erin.id)).toEqual([]);
      expect((await device.db.user_settings.findOne(erin.id).exec())?.push_enabled ?? false).toBe(false);
    });

    it('permission denied or dismissed, or offline: nothing is stored and push stays off', async () => {
      const dave = await person('da');
      for (const [permission, reason] of [
        ['denied', 'denied'],
        ['default', 'dismissed'],
      ] as const) {
        const { browser, deps, device } = await deviceOf(dave, permission);
        expect(await enablePush(deps)).toEqual({ ok: false, reason });
        expect(browser.subscribeCalls).toBe(0);
        expect((await device.db.user_settings.findOne(dave.id).exec())?.push_enabled ?? false).toBe(false);
      }
      const { deps, browser } = await deviceOf(dave, 'granted');
      expect(await enablePush({ ...deps, online: () => false })).toEqual({ ok: false, reason: 'offline' });
      expect(browser.subscribeCalls).toBe(0);
      expect(await storedSubscriptions(dave.id)).toEqual([]);
    });
  },
  { push: { agent: agentTrusting(tls), testEndpointHosts: ['127.0.0.1'] } },
);
