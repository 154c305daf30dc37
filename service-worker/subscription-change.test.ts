// @clock-sensitive: token expiry against the clock
// pushsubscriptionchange (subscription-change.ts): with the stored session the worker re-subscribes for
// the old key and swaps the endpoint on the server (REST insert, then delete of the old row); without a
// usable session, or when the server or network refuses, it leaves a renewal for the page in IndexedDB
// (fake-indexeddb, the real QueueDb). The clock is injected; tokens expire relative to it.
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { QueueDb } from './queue-db';
import type { SessionRecord } from './queue-entry';
import {
  handleSubscriptionChange,
  keyBytes,
  usableSession,
  type SubscriptionChangeDeps,
  type SubscriptionLike,
} from './subscription-change';
import { fakeToken } from './test-tokens';

const NOW = Date.now();
const alice = '11111111-1111-4111-8111-111111111111';
const VAPID = 'BLAXARheIgFIV4NWH7WtiSvJhT9FIVtdUZxE98sB5fD0hRedpoON8EmfyhJUr3J_WRKEiWQnose7AAhD-BxOZVE';
const OLD = 'https://fcm.googleapis.com/fcm/send/old-one';
const token = (expInS: number) => fakeToken({ sub: alice, exp: Math.floor(NOW / 1000) + expInS });
const signedIn = (expInS = 3600): SessionRecord => ({
  userId: alice,
  accessToken: token(expInS),
  expiresAt: null,
  updatedAt: NOW,
});

const subscription = (endpoint: string): SubscriptionLike => ({
  endpoint,
  toJSON: () => ({ endpoint, keys: { p256dh: 'p256', auth: 'au' } }),
});

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

function setup(overrides: Partial<SubscriptionChangeDeps> & { answer?: number | 'offline' } = {}) {
  const db = new QueueDb(new IDBFactory());
  const seen: Seen[] = [];
  const subscribedWith: Uint8Array[] = [];
  const { answer = 201, ...rest } = overrides;
  const deps: SubscriptionChangeDeps = {
    oldEndpoint: OLD,
    oldKey: keyBytes(VAPID).buffer,
    newSubscription: null,
    vapidPublicKey: VAPID,
    subscribe: (key) => {
      subscribedWith.push(new Uint8Array(key));
      return Promise.resolve(subscription('https://fcm.googleapis.com/fcm/send/new-one'));
    },
    session: signedIn(),
    supabaseUrl: 'https://abc.supabase.co/',
    apiKey: 'sb_publishable_test',
    clientInfo: 'spotter-web/1.0.0',
    userAgent: 'test agent',
    fetch: async (request) => {
      seen.push({
        method: request.method,
        url: request.url,
        headers: Object.fromEntries(request.headers),
        body: await request.text(),
      });
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      return new Response(null, { status: request.method === 'DELETE' ? 204 : answer });
    },
    newId: () => 'sub-0001',
    now: () => NOW,
    leaveForPage: (renewal) => db.writePushRenewal(renewal),
    ...rest,
  };
  return { deps, db, seen, subscribedWith };
}

describe('usableSession', () => {
  it('is the signed-in user with a token that has more than a minute left', () => {
    expect(usableSession(signedIn(), NOW)).toEqual({ userId: alice, token: token(3600) });
    expect(usableSession(signedIn(30), NOW)).toBeNull();
    expect(usableSession(signedIn(-10), NOW)).toBeNull();
    expect(usableSession({ userId: null, signedOutAt: NOW }, NOW)).toBeNull();
    expect(usableSession(null, NOW)).toBeNull();
  });
});

describe('handleSubscriptionChange', () => {
  it('re-subscribes for the old key, stores the new endpoint as the user and deletes the old row', async () => {
    const { deps, db, seen, subscribedWith } = setup();
    expect(await handleSubscriptionChange(deps)).toBe('renewed');
    expect(subscribedWith).toEqual([keyBytes(VAPID)]);
    expect(seen).toHaveLength(2);
    const [insert, remove] = seen;
    expect(insert).toMatchObject({
      method: 'POST',
      url: 'https://abc.supabase.co/rest/v1/push_subscriptions',
      headers: {
        apikey: 'sb_publishable_test',
        authorization: `Bearer ${token(3600)}`,
        'content-type': 'application/json',
        'x-client-info': 'spotter-web/1.0.0',
      },
    });
    expect(JSON.parse(insert?.body ?? '')).toEqual({
      id: 'sub-0001',
      user_id: alice,
      endpoint: 'https://fcm.googleapis.com/fcm/send/new-one',
      p256dh: 'p256',
      auth: 'au',
      user_agent: 'test agent',
    });
    expect(remove?.method).toBe('DELETE');
    expect(new URL(remove?.url ?? '').searchParams.get('endpoint')).toBe(`eq.${OLD}`);
    expect(remove?.headers.authorization).toBe(`Bearer ${token(3600)}`);
    expect(await db.readPushRenewal()).toBeNull();
  });

  it("uses the browser's new subscription when the event carries one", async () => {
    const given = subscription('https://updates.push.services.mozilla.com/wpush/v2/new');
    const { deps, seen, subscribedWith } = setup({ newSubscription: given });
    expect(await handleSubscriptionChange(deps)).toBe('renewed');
    expect(subscribedWith).toEqual([]);
    expect(JSON.parse(seen[0]?.body ?? '')).toMatchObject({ endpoint: given.endpoint });
  });

  it("subscribes with the build's VAPID key when the old subscription does not tell", async () => {
    const { deps, subscribedWith, seen } = setup({ oldKey: null, oldEndpoint: null });
    expect(await handleSubscriptionChange(deps)).toBe('renewed');
    expect(subscribedWith).toEqual([keyBytes(VAPID)]);
    expect(seen.map((s) => s.method)).toEqual(['POST']);
  });

  it('a second event for the same rotation (409, stored already) still counts as renewed', async () => {
    const { deps, db } = setup({ answer: 409 });
    expect(await handleSubscriptionChange(deps)).toBe('renewed');
    expect(await db.readPushRenewal()).toBeNull();
  });

  it.each([
    ['signed out', { session: { userId: null, signedOutAt: NOW } as SessionRecord }],
    ['no session ever stored', { session: null }],
    ['the token expires within a minute', { session: signedIn(20) }],
  ])('without a usable session (%s) it leaves a renewal for the page and sends nothing', async (_, o) => {
    const { deps, db, seen, subscribedWith } = setup(o);
    expect(await handleSubscriptionChange(deps)).toBe('left-for-page');
    expect(seen).toEqual([]);
    expect(subscribedWith).toEqual([]);
    expect(await db.readPushRenewal()).toEqual({ oldEndpoint: OLD, at: NOW });
  });

  it.each([
    ['the server refuses the token', { answer: 401 }],
    ['the server refuses the endpoint', { answer: 400 }],
    ['the network is down', { answer: 'offline' as const }],
    ['subscribing fails', { subscribe: () => Promise.reject(new Error('AbortError')) }],
  ])('when %s it leaves a renewal for the page and deletes nothing', async (_, o) => {
    const { deps, db, seen } = setup(o);
    expect(await handleSubscriptionChange(deps)).toBe('left-for-page');
    expect(seen.filter((s) => s.method === 'DELETE')).toEqual([]);
    expect(await db.readPushRenewal()).toEqual({ oldEndpoint: OLD, at: NOW });
  });

  it('a later renewal keeps the first old endpoint (the one the server has); the page clears it', async () => {
    const { deps, db } = setup({ session: null });
    await handleSubscriptionChange(deps);
    await handleSubscriptionChange({ ...deps, oldEndpoint: 'https://fcm.googleapis.com/fcm/send/2nd' });
    expect(await db.readPushRenewal()).toEqual({ oldEndpoint: OLD, at: NOW });
    expect(await db.readSession()).toBeNull();
    await db.writePushRenewal(null);
    expect(await db.readPushRenewal()).toBeNull();
  });
});
