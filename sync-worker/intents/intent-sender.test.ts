// @clock-sensitive: Retry-After against the clock
// The sender's schedule: strict seq order, back-off on 5xx (no overtaking), a refused token holds
// everything until a new one, a refusal moves on. Real RxDB on fake-indexeddb, the real gate and the real
// supabase-js client over a scripted network.
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { readPending, recordIntent, type IntentInput } from '../../src/db/pending-writes';
import { cleanupDatabases, openTestDatabase } from '../../test/support/browser/test-database';
import type { SpotterDatabase } from '../../src/db/types';
import { createSyncClient } from '../core/client';
import { SyncGate } from '../core/gate';
import { IntentSender } from './intent-sender';

afterEach(cleanupDatabases);

const NOW = new Date('2026-11-22T10:00:00.000Z');
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const intent = (fn: string): IntentInput => ({
  key: `test:${fn}`,
  collection: 'daily_challenge',
  doc_id: fn,
  request: { type: 'rpc', fn, args: {} },
  patch: {},
  previous: {},
});

const until = async (check: () => boolean | Promise<boolean>, ms = 3000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

function setup(
  db: SpotterDatabase,
  script: Map<string, (number | 'network')[]>,
  extra: { retryAfter?: string; random?: () => number } = {},
) {
  const sent: string[] = [];
  const gate = new SyncGate();
  gate.setToken('t1');
  const client = createSyncClient({
    url: 'http://127.0.0.1:9',
    anonKey: 'anon',
    getToken: () => gate.token,
    transport: WebSocket as never,
    fetch: (input, init) => {
      const fn = new URL(new Request(input, init).url).pathname.split('/').at(-1)!;
      sent.push(fn);
      const next = script.get(fn)?.shift() ?? 200;
      if (next === 'network') return Promise.reject(new TypeError('fetch failed'));
      const res = json(next, next < 300 ? {} : { code: `E${next}`, message: 'scripted' });
      if (extra.retryAfter !== undefined) res.headers.set('retry-after', extra.retryAfter);
      return Promise.resolve(res);
    },
    onRetryAfter: (ms) => gate.pauseFor(ms),
  });
  const settled: string[][] = [];
  const sender = new IntentSender({
    db,
    client,
    gate,
    now: () => NOW,
    baseDelayMs: 150,
    ...(extra.random ? { random: extra.random } : {}),
    onSettled: (done) => settled.push(done.map((s) => s.entry.doc_id)),
  });
  return { sent, gate, sender, settled };
}

describe('IntentSender', () => {
  it('sends in seq order; a 5xx backs off without letting later intents overtake', async () => {
    const db = await openTestDatabase({ collections: [] });
    for (const fn of ['a', 'b', 'c']) await recordIntent(db, intent(fn), NOW);
    const { sent, sender, settled } = setup(db, new Map([['b', [503, 503]]]));
    sender.start();
    await until(async () => Object.keys((await readPending(db)).entries).length === 0);
    expect(sent).toEqual(['a', 'b', 'b', 'b', 'c']);
    expect(settled.flat()).toEqual(['a', 'b', 'c']);
    sender.stop();
  });

  it('holds on a refused token until another arrives; offline waits for a nudge', async () => {
    const db = await openTestDatabase({ collections: [] });
    await recordIntent(db, intent('a'), NOW);
    await recordIntent(db, intent('b'), NOW);
    const { sent, gate, sender } = setup(
      db,
      new Map<string, (number | 'network')[]>([['a', [401, 'network']]]),
    );
    sender.start();
    await until(() => gate.needsToken);
    await new Promise((r) => setTimeout(r, 300));
    expect(sent).toEqual(['a']);
    const entry = (await readPending(db)).entries['test:a'];
    expect(entry).toMatchObject({ attempts: 1, last_error: { code: 'E401' } });

    gate.setToken('t2');
    await until(() => gate.isHeld);
    await new Promise((r) => setTimeout(r, 300));
    expect(sent).toEqual(['a', 'a']);
    sender.nudge();
    gate.nudge();
    await until(async () => Object.keys((await readPending(db)).entries).length === 0);
    expect(sent).toEqual(['a', 'a', 'a', 'b']);
    sender.stop();
  });

  it('moves on after a refusal and keeps it as failed', async () => {
    const db = await openTestDatabase({ collections: [] });
    await recordIntent(db, intent('a'), NOW);
    await recordIntent(db, intent('b'), NOW);
    const { sent, sender } = setup(db, new Map([['a', [400]]]));
    sender.start();
    await until(async () => Object.keys((await readPending(db)).entries).length === 0);
    expect(sent).toEqual(['a', 'b']);
    expect((await readPending(db)).failed).toMatchObject([{ key: 'test:a', error: { code: 'E400' } }]);
    sender.stop();
  });

  it("honours a 429's Retry-After through nudges, and draws its jitter from the source it is given", async () => {
    const db = await openTestDatabase({ collections: [] });
    await recordIntent(db, intent('a'), NOW);
    let draws = 0;
    const { sent, gate, sender } = setup(db, new Map([['a', [429, 503]]]), {
      retryAfter: '1',
      random: () => (draws++, 0.5),
    });
    sender.start();
    await until(() => sent.length === 1 && !gate.isOpen);
    // The server asked for a second: a nudge (syncNow, online) does not send sooner.
    sender.nudge();
    gate.nudge();
    expect(gate.isOpen).toBe(false);
    await until(async () => Object.keys((await readPending(db)).entries).length === 0);
    expect(sent).toEqual(['a', 'a', 'a']);
    expect(draws).toBe(2);
    sender.stop();
  });
});
