// @clock-sensitive: wall-clock timestamps
// Settling intents the service worker queued: real RxDB (fake-indexeddb), the real check-in command and
// pending ledger, the real QueueDb the worker records refusals in.
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { QueueDb, type QueueOutcomeRecord } from '@/lib/service-worker/queue-db';
import type { QueueEntry } from '../../service-worker/queue-entry';
import { checkIn } from '../db/commands/check-ins';
import { markIntentQueued, readPending } from '../db/pending-writes';
import { cleanupDatabases, openTestDatabase, userIdOf } from '../../test/support/browser/test-database';
import type { WorkerToPageMessage } from '../lib/service-worker/write-queue';
import { describeRefusal, settleQueueOutcomes } from './queue-outcomes';

const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

const GYM = 'de-berlin-mcfit-alexanderplatz';

function queueEntry(id: string, userId: string): QueueEntry {
  return {
    id,
    rpc: 'check_in',
    method: 'POST',
    url: 'http://127.0.0.1/rest/v1/rpc/check_in',
    headers: [],
    body: '{}',
    authorization: null,
    userId,
    queuedAt: 1,
    attempts: 1,
    lastAttemptAt: 2,
    lastStatus: 400,
    lastError: null,
    waitingForToken: false,
  };
}

const refusal = (id: string, userId: string): QueueOutcomeRecord => ({
  id,
  rpc: 'check_in',
  userId,
  status: 400,
  body: '{"code":"P0001","message":"Gym not found"}',
  requestBody: '{}',
  queuedAt: 1,
  settledAt: 3,
});

/** A check-in made offline whose request the service worker queued as `queueId`. */
async function queuedCheckIn(db: Awaited<ReturnType<typeof openTestDatabase>>, queueId: string) {
  const made = await checkIn({ db, userId: userIdOf(db) }, { gym_id: GYM });
  if (!made.ok) throw new Error('check-in failed');
  const entry = Object.values((await readPending(db)).entries).find((e) => e.doc_id === made.value.id);
  if (!entry) throw new Error('no pending entry');
  await markIntentQueued(db, entry.key, entry.seq, queueId);
  return { id: made.value.id, key: entry.key };
}

afterEach(async () => {
  await cleanupDatabases();
});

describe('settling queued intents', () => {
  it('clears an applied intent and refuses a rejected one (rolled back, shown, recorded once)', async () => {
    const db = await openTestDatabase();
    const userId = userIdOf(db);
    const queueDb = new QueueDb(new IDBFactory());
    let emit: (message: WorkerToPageMessage) => void = () => undefined;
    const stop = settleQueueOutcomes({
      db,
      userId,
      subscribe: (listener) => {
        emit = listener;
        return () => undefined;
      },
      readOutcomes: () => queueDb.outcomes(),
      dismissOutcome: (id) => queueDb.dismissOutcome(id),
    });
    const applied = await queuedCheckIn(db, 'q-applied');
    const refused = await queuedCheckIn(db, 'q-refused');

    emit({
      type: 'QUEUE_OUTCOME',
      outcome: {
        id: 'q-applied',
        rpc: 'check_in',
        userId,
        result: 'applied',
        status: 200,
        body: '',
        queuedAt: 1,
        settledAt: 2,
      },
    });
    await until(async () => !(applied.key in (await readPending(db)).entries));
    expect(await db.check_ins.findOne(applied.id).exec()).not.toBeNull();

    // The worker records the refusal and tells the page.
    const seq = await queueDb.add(queueEntry('q-refused', userId));
    await queueDb.reject(seq, refusal('q-refused', userId));
    emit({ type: 'QUEUE_OUTCOME', outcome: { ...refusal('q-refused', userId), result: 'rejected' } });
    await until(async () => (await readPending(db)).failed.length === 1);
    const pending = await readPending(db);
    expect(pending.entries).toEqual({});
    expect(pending.failed[0]).toMatchObject({
      key: refused.key,
      error: { code: 'P0001', message: 'Gym not found' },
    });
    // The optimistic check-in is rolled back; the worker's record is dismissed (shown in one place).
    await until(async () => (await db.check_ins.findOne(refused.id).exec()) === null);
    await until(async () => (await queueDb.outcomes()).length === 0);

    // Another user's outcome never touches this ledger.
    const mine = await queuedCheckIn(db, 'q-mine');
    emit({ type: 'QUEUE_OUTCOME', outcome: { ...refusal('q-mine', 'someone-else'), result: 'rejected' } });
    await new Promise((r) => setTimeout(r, 50));
    expect(mine.key in (await readPending(db)).entries).toBe(true);
    stop();
  });

  it('settles refusals recorded while no page was open, and leaves unclaimed ones to the status', async () => {
    const db = await openTestDatabase();
    const userId = userIdOf(db);
    const queueDb = new QueueDb(new IDBFactory());
    const made = await queuedCheckIn(db, 'q-offline');
    for (const id of ['q-offline', 'q-unclaimed']) {
      const seq = await queueDb.add(queueEntry(id, userId));
      await queueDb.reject(seq, refusal(id, userId));
    }
    const stop = settleQueueOutcomes({
      db,
      userId,
      subscribe: () => () => undefined,
      readOutcomes: () => queueDb.outcomes(),
      dismissOutcome: (id) => queueDb.dismissOutcome(id),
    });
    await until(async () => (await readPending(db)).failed.length === 1);
    expect((await readPending(db)).failed[0]?.key).toBe(made.key);
    await until(async () => (await queueDb.outcomes()).length === 1);
    expect((await queueDb.outcomes()).map((o) => o.id)).toEqual(['q-unclaimed']);
    stop();
  });

  it('describes refusals by the PostgREST error, else the status', () => {
    expect(describeRefusal(409, '{"code":"23505","message":"duplicate"}')).toEqual({
      code: '23505',
      message: 'duplicate',
    });
    expect(describeRefusal(404, 'not json')).toEqual({ code: 'http_404', message: 'HTTP 404' });
  });
});
