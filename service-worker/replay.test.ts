// @clock-sensitive: the freshest token by its expiry
// The replay pass against a real IndexedDB implementation (fake-indexeddb) and an in-memory server that
// behaves like the RPCs: idempotent by client id, checks the bearer token, and can be told to fail.
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WorkerToPageMessage } from './protocol';
import { QueueDb } from './queue-db';
import { entryFromRequest, type StoredSession } from './queue-entry';
import { replayQueue } from './replay';
import { fakeToken } from './test-tokens';

const origin = 'http://127.0.0.1:4173';
const alice = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';

type Failure = number | 'network';

class FakeServer {
  /** Applied writes by client id, in the order the server applied them. */
  readonly rows = new Map<string, { user: string; body: unknown }>();
  readonly order: string[] = [];
  readonly calls: { id: string; token: string }[] = [];
  /** Tokens the server refuses (expired). */
  readonly expired = new Set<string>();
  /** Failures for the next calls, in order. */
  readonly script: Failure[] = [];
  /** Ids the server refuses with 400 (a refused intent). */
  readonly refuse = new Set<string>();

  fetch = async (request: Request): Promise<Response> => {
    const token = (request.headers.get('authorization') ?? '').replace(/^Bearer /, '');
    const body = (await request.json()) as { p_id: string };
    this.calls.push({ id: body.p_id, token });
    const failure = this.script.shift();
    if (failure === 'network') throw new TypeError('Failed to fetch');
    if (failure !== undefined) return new Response('{"message":"scripted"}', { status: failure });
    if (this.expired.has(token)) return new Response('{"message":"JWT expired"}', { status: 401 });
    if (this.refuse.has(body.p_id)) {
      return new Response('{"code":"SPG01","message":"Gym not found"}', {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    }
    const user = JSON.parse(atob(token.split('.')[1] ?? '')) as { sub: string };
    if (!this.rows.has(body.p_id)) {
      this.rows.set(body.p_id, { user: user.sub, body });
      this.order.push(body.p_id);
    }
    return new Response(JSON.stringify({ id: body.p_id }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}

describe('replayQueue', () => {
  let db: QueueDb;
  let server: FakeServer;
  let messages: WorkerToPageMessage[];
  let clock: number;

  const deps = () => ({
    db,
    fetch: server.fetch,
    now: () => clock,
    notify: (message: WorkerToPageMessage) => void messages.push(message),
  });

  async function queue(id: string, token: string): Promise<void> {
    const request = new Request(`${origin}/rest/v1/rpc/check_in`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', apikey: 'anon' },
      body: JSON.stringify({ p_id: id, p_gym_id: 'g1' }),
    });
    clock += 1;
    await db.add(await entryFromRequest(request, 'check_in', { id: `entry-${id}`, now: clock }));
  }

  const session = (userId: string, accessToken: string): StoredSession => ({
    userId,
    accessToken,
    expiresAt: null,
    updatedAt: clock,
  });

  beforeEach(() => {
    db = new QueueDb(new IDBFactory());
    server = new FakeServer();
    messages = [];
    clock = 1_000;
  });

  it('replays in the original order, removes applied entries and reports each outcome', async () => {
    const token = fakeToken({ sub: alice, exp: 10 });
    for (const id of ['a', 'b', 'c']) await queue(id, token);
    const pass = await replayQueue(deps());
    expect(pass).toMatchObject({ applied: 3, rejected: 0, remaining: 0, retryLater: false });
    expect(server.order).toEqual(['a', 'b', 'c']);
    expect(await db.list()).toEqual([]);
    expect(messages.filter((m) => m.type === 'QUEUE_OUTCOME').map((m) => m.outcome.id)).toEqual([
      'entry-a',
      'entry-b',
      'entry-c',
    ]);
    expect(messages.at(-1)).toEqual({ type: 'QUEUE_CHANGED', size: 0 });
    expect(pass.settled.get('entry-b')).toEqual({
      status: 200,
      body: '{"id":"b"}',
      contentType: 'application/json',
    });
  });

  it.each([['network' as const], [408], [429], [500], [503]])(
    'keeps the entry on %s and does not let later writes overtake it',
    async (failure) => {
      const token = fakeToken({ sub: alice, exp: 10 });
      await queue('a', token);
      await queue('b', token);
      server.script.push(failure);
      const pass = await replayQueue(deps());
      expect(pass).toMatchObject({ applied: 0, remaining: 2, retryLater: true, waitingForToken: false });
      expect(server.calls.map((c) => c.id)).toEqual(['a']);
      const [first] = await db.list();
      expect(first).toMatchObject({
        id: 'entry-a',
        attempts: 1,
        lastAttemptAt: clock,
        lastStatus: failure === 'network' ? null : failure,
      });

      const again = await replayQueue(deps());
      expect(again).toMatchObject({ applied: 2, remaining: 0 });
      expect(server.order).toEqual(['a', 'b']);
    },
  );

  it('drops a permanent 4xx only after recording it, and goes on with the next entry', async () => {
    const token = fakeToken({ sub: alice, exp: 10 });
    await queue('bad', token);
    await queue('good', token);
    server.refuse.add('bad');
    const pass = await replayQueue(deps());
    expect(pass).toMatchObject({ applied: 1, rejected: 1, remaining: 0 });
    const outcomes = await db.outcomes();
    expect(outcomes).toEqual([
      {
        id: 'entry-bad',
        rpc: 'check_in',
        userId: alice,
        status: 400,
        body: '{"code":"SPG01","message":"Gym not found"}',
        requestBody: '{"p_id":"bad","p_gym_id":"g1"}',
        queuedAt: 1_001,
        settledAt: clock,
      },
    ]);
    const rejected = messages.find((m) => m.type === 'QUEUE_OUTCOME' && m.outcome.result === 'rejected');
    expect(rejected).toMatchObject({ outcome: { id: 'entry-bad', status: 400 } });
    await db.dismissOutcome('entry-bad');
    expect(await db.outcomes()).toEqual([]);
  });

  it('replays with the freshest token the page stored, not the one captured at queue time', async () => {
    const old = fakeToken({ sub: alice, exp: 10, n: 1 });
    await queue('a', old);
    server.expired.add(old);
    const fresh = fakeToken({ sub: alice, exp: 20, n: 2 });
    await db.writeSession(session(alice, fresh));
    const pass = await replayQueue(deps());
    expect(pass).toMatchObject({ applied: 1, remaining: 0 });
    expect(server.calls).toEqual([{ id: 'a', token: fresh }]);
  });

  it('on 401 with no fresher token, waits for the page, then applies once a new token is stored', async () => {
    const old = fakeToken({ sub: alice, exp: 10, n: 1 });
    await queue('a', old);
    await queue('b', old);
    server.expired.add(old);
    const pass = await replayQueue(deps());
    expect(pass).toMatchObject({ applied: 0, remaining: 2, waitingForToken: true, retryLater: false });
    expect(messages).toContainEqual({ type: 'QUEUE_NEEDS_TOKEN', userId: alice });
    expect((await db.list())[0]).toMatchObject({ waitingForToken: true, lastStatus: 401 });
    expect(server.calls).toHaveLength(1);

    await db.writeSession(session(alice, fakeToken({ sub: alice, exp: 30, n: 3 })));
    expect(await replayQueue(deps())).toMatchObject({ applied: 2, remaining: 0, waitingForToken: false });
    expect(server.order).toEqual(['a', 'b']);
  });

  it("keeps a signed-out user's writes unsent while another user's go, and sends them on their sign-in", async () => {
    const aliceToken = fakeToken({ sub: alice, exp: 10 });
    const bobToken = fakeToken({ sub: bob, exp: 10 });
    await queue('alice-1', aliceToken);
    await queue('bob-1', bobToken);
    await queue('alice-2', aliceToken);
    // Alice signed out, Bob is signed in now.
    await db.writeSession(session(bob, fakeToken({ sub: bob, exp: 50 })));
    const pass = await replayQueue(deps());
    expect(pass).toMatchObject({ applied: 1, remaining: 2, waitingForToken: true, retryLater: false });
    expect(server.rows.get('bob-1')?.user).toBe(bob);
    expect(server.calls.map((c) => c.id)).toEqual(['bob-1']);
    expect((await db.list()).map((e) => [e.id, e.waitingForToken])).toEqual([
      ['entry-alice-1', true],
      ['entry-alice-2', false],
    ]);
    expect(messages.some((m) => m.type === 'QUEUE_NEEDS_TOKEN')).toBe(false);

    // Signed out altogether: still nothing.
    await db.writeSession({ userId: null, signedOutAt: clock });
    expect(await replayQueue(deps())).toMatchObject({ applied: 0, remaining: 2 });
    expect(server.calls).toHaveLength(1);

    // Alice signs in again: her writes go, in order, as her.
    const aliceAgain = fakeToken({ sub: alice, exp: 90 });
    await db.writeSession(session(alice, aliceAgain));
    expect(await replayQueue(deps())).toMatchObject({ applied: 2, remaining: 0 });
    expect(server.calls.slice(1)).toEqual([
      { id: 'alice-1', token: aliceAgain },
      { id: 'alice-2', token: aliceAgain },
    ]);
    expect(server.rows.get('alice-2')?.user).toBe(alice);
  });

  it('replaying the same entry twice (a lost response) applies it once', async () => {
    const token = fakeToken({ sub: alice, exp: 10 });
    await queue('a', token);
    // The first attempt reaches the server, but its answer is lost: simulated by applying, then 503.
    const applyThenFail = server.fetch;
    let first = true;
    const flaky = async (request: Request) => {
      const response = await applyThenFail(request);
      if (first) {
        first = false;
        return new Response('', { status: 503 });
      }
      return response;
    };
    expect(await replayQueue({ ...deps(), fetch: flaky })).toMatchObject({ applied: 0, remaining: 1 });
    expect(await replayQueue({ ...deps(), fetch: flaky })).toMatchObject({ applied: 1, remaining: 0 });
    expect(server.calls.map((c) => c.id)).toEqual(['a', 'a']);
    expect([...server.rows.keys()]).toEqual(['a']);
  });

  it('keeps the queue across database connections (a restarted service worker)', async () => {
    const factory = new IDBFactory();
    db = new QueueDb(factory);
    await queue('a', fakeToken({ sub: alice, exp: 10 }));
    db = new QueueDb(factory);
    expect((await db.list()).map((entry) => entry.id)).toEqual(['entry-a']);
    expect(await replayQueue(deps())).toMatchObject({ applied: 1, remaining: 0 });
  });
});
