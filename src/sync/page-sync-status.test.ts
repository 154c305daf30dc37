// The page's sync status over real parts: RxDB on fake-indexeddb (pending ledger via the real commands,
// sync_meta), the service worker's queue and refusals in the real QueueDb, and the queue's messages.
import { IDBFactory } from 'fake-indexeddb';
import { BehaviorSubject, firstValueFrom, filter } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { QueueDb, type QueueOutcomeRecord } from '@/lib/service-worker/queue-db';
import type { QueueEntry } from '../../service-worker/queue-entry';
import { planWorkout } from '../db/commands/workouts';
import { updateSyncMeta } from '../db/local-state';
import { cleanupDatabases, openTestDatabase, userIdOf } from '../../test/support/browser/test-database';
import type { WorkerToPageMessage } from '../lib/service-worker/write-queue';
import { dismissRejectedRequest, pageSyncStatus$, type PageSyncStatus } from './page-sync-status';

function entry(id: string, userId: string, queuedAt: number): QueueEntry {
  return {
    id,
    rpc: 'confirm_rest_day',
    method: 'POST',
    url: 'http://127.0.0.1/rest/v1/rpc/confirm_rest_day',
    headers: [],
    body: '{}',
    authorization: null,
    userId,
    queuedAt,
    attempts: 0,
    lastAttemptAt: null,
    lastStatus: null,
    lastError: null,
    waitingForToken: false,
  };
}

const refusal = (id: string, userId: string): QueueOutcomeRecord => ({
  id,
  rpc: 'check_in',
  userId,
  status: 404,
  body: '{"message":"Gym not found"}',
  requestBody: '{}',
  queuedAt: 1,
  settledAt: 2,
});

afterEach(async () => {
  await cleanupDatabases();
});

describe('page sync status', () => {
  it('combines pending writes, queued requests, last sync and unclaimed refusals, live', async () => {
    const db = await openTestDatabase();
    const userId = userIdOf(db);
    const queueDb = new QueueDb(new IDBFactory());
    const online = new BehaviorSubject(true);
    const listeners = new Set<(m: WorkerToPageMessage) => void>();
    const notify = (m: WorkerToPageMessage) => listeners.forEach((l) => l(m));
    const status$ = pageSyncStatus$(db, userId, {
      queueDb,
      online,
      subscribe: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    });
    const seen: PageSyncStatus[] = [];
    const sub = status$.subscribe((s) => seen.push(s));
    const next = (predicate: (s: PageSyncStatus) => boolean) =>
      firstValueFrom(status$.pipe(filter(predicate)));

    expect((await next((s) => s.state === 'synced')).pendingWrites).toBe(0);

    const planned = await planWorkout({ db, userId }, { type: 'strength', date: '2026-11-22' });
    expect(planned.ok).toBe(true);
    const pending = await next((s) => s.pendingWrites === 1);
    expect(pending.state).toBe('pending');
    expect(pending.pendingByCollection).toEqual({ workouts: 1 });

    await queueDb.add(entry('q1', userId, Date.parse('2026-11-22T08:00:00Z')));
    await queueDb.add(entry('q-other', 'another-user', 0));
    notify({ type: 'QUEUE_CHANGED', size: 2 });
    const queued = await next((s) => s.queuedRequests === 1);
    expect(queued.queuedSince).toBe('2026-11-22T08:00:00.000Z');

    await updateSyncMeta(db, { last_synced_at: '2026-11-22T09:00:00.000Z' });
    expect((await next((s) => s.lastSyncedAt !== null)).lastSyncedAt).toBe('2026-11-22T09:00:00.000Z');

    online.next(false);
    expect((await next((s) => !s.online)).state).toBe('offline');
    online.next(true);

    // A refusal no pending write claims: shown (state error) until dismissed.
    const seq = await queueDb.add(entry('q2', userId, 5));
    await queueDb.reject(seq, refusal('q2', userId));
    notify({ type: 'QUEUE_OUTCOME', outcome: { ...refusal('q2', userId), result: 'rejected' } });
    const refused = await next((s) => s.rejectedRequests.length === 1);
    expect(refused.state).toBe('error');
    expect(refused.rejectedRequests[0]).toMatchObject({ id: 'q2', status: 404 });
    await dismissRejectedRequest('q2', queueDb);
    expect((await next((s) => s.rejectedRequests.length === 0)).state).toBe('pending');

    sub.unsubscribe();
    expect(seen.length).toBeGreaterThan(5);
  });
});
