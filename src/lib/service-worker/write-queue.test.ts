// @clock-sensitive: token expiry
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { QueueDb, type QueueOutcomeRecord } from '../../../service-worker/queue-db';
import type { QueueEntry } from '../../../service-worker/queue-entry';
import { serveTokensToWorker, storeSessionToken, TOKEN_REQUEST_COOLDOWN_MS } from './token-store';
import {
  dismissRejectedWrite,
  readWriteQueueStatus,
  requestReplay,
  subscribeToWriteQueue,
  summarizeWriteQueue,
  type WorkerToPageMessage,
} from './write-queue';

const alice = 'alice-id';
const bob = 'bob-id';

function entry(id: string, userId: string | null, overrides: Partial<QueueEntry> = {}): QueueEntry {
  return {
    id,
    rpc: 'check_in',
    method: 'POST',
    url: 'http://127.0.0.1/rest/v1/rpc/check_in',
    headers: [['content-type', 'application/json']],
    body: `{"p_id":"${id}"}`,
    authorization: null,
    userId,
    queuedAt: 100,
    attempts: 0,
    lastAttemptAt: null,
    lastStatus: null,
    lastError: null,
    waitingForToken: false,
    ...overrides,
  };
}

function outcome(id: string, userId: string | null): QueueOutcomeRecord {
  return {
    id,
    rpc: 'check_in',
    userId,
    status: 400,
    body: '{}',
    requestBody: '{}',
    queuedAt: 1,
    settledAt: 2,
  };
}

describe('summarizeWriteQueue', () => {
  it("counts only the user's own writes, with the oldest time, the last error and refused writes", () => {
    const status = summarizeWriteQueue(
      [
        entry('a', alice, { queuedAt: 300, lastAttemptAt: 500, lastError: 'HTTP 503', lastStatus: 503 }),
        entry('b', alice, { queuedAt: 200, lastAttemptAt: 700, lastError: 'Failed to fetch' }),
        entry('c', bob, { queuedAt: 50, waitingForToken: true }),
      ],
      [outcome('x', alice), outcome('y', bob)],
      alice,
    );
    expect(status).toEqual({
      queued: 2,
      oldestQueuedAt: 200,
      lastAttemptAt: 700,
      lastError: 'Failed to fetch',
      waitingForToken: false,
      rejected: [outcome('x', alice)],
    });
    expect(summarizeWriteQueue([entry('c', bob, { waitingForToken: true })], [], bob).waitingForToken).toBe(
      true,
    );
  });

  it('is empty for an empty queue', () => {
    expect(summarizeWriteQueue([], [], alice)).toEqual({
      queued: 0,
      oldestQueuedAt: null,
      lastAttemptAt: null,
      lastError: null,
      waitingForToken: false,
      rejected: [],
    });
  });
});

describe('reading the shared database', () => {
  it('sees what the worker stored and dismisses refused writes', async () => {
    const db = new QueueDb(new IDBFactory());
    await db.add(entry('a', alice));
    await db.add(entry('b', alice));
    const seq = await db.add(entry('c', alice));
    await db.reject(seq, outcome('c', alice));
    const status = await readWriteQueueStatus(alice, db);
    expect(status.queued).toBe(2);
    expect(status.rejected.map((o) => o.id)).toEqual(['c']);
    await dismissRejectedWrite('c', db);
    expect((await readWriteQueueStatus(alice, db)).rejected).toEqual([]);
  });
});

describe('storeSessionToken', () => {
  it('stores the session for the worker, asks for a replay, and marks a sign-out', async () => {
    const db = new QueueDb(new IDBFactory());
    let replays = 0;
    const options = { db, now: () => 42, replay: () => (replays += 1) };
    await storeSessionToken({ access_token: 'jwt-1', expires_at: 2_000, user: { id: alice } }, options);
    expect(await db.readSession()).toEqual({
      userId: alice,
      accessToken: 'jwt-1',
      expiresAt: 2_000,
      updatedAt: 42,
    });
    await storeSessionToken({ access_token: 'jwt-2', user: { id: alice } }, options);
    expect(await db.readSession()).toMatchObject({ accessToken: 'jwt-2', expiresAt: null });
    expect(replays).toBe(2);
    await storeSessionToken(null, options);
    expect(await db.readSession()).toEqual({ userId: null, signedOutAt: 42 });
    expect(replays).toBe(2);
  });
});

describe('without service workers (Node)', () => {
  it('replay requests and subscriptions are harmless no-ops', async () => {
    expect(await requestReplay()).toBeNull();
    const unsubscribe = subscribeToWriteQueue(() => undefined);
    expect(() => unsubscribe()).not.toThrow();
  });
});

describe('serveTokensToWorker', () => {
  it('refreshes and stores a token when the worker asks, once at a time and at most every 30 s', async () => {
    let emit: (message: WorkerToPageMessage) => void = () => undefined;
    let clock = 0;
    let refreshes = 0;
    let release: () => void = () => undefined;
    const stored: (string | null)[] = [];
    const unsubscribe = serveTokensToWorker(
      () => {
        refreshes += 1;
        return new Promise((resolve) => {
          release = () => resolve({ access_token: `jwt-${refreshes}`, user: { id: alice } });
        });
      },
      {
        subscribe: (listener) => {
          emit = listener;
          return () => undefined;
        },
        store: async (session) => void stored.push(session?.access_token ?? null),
        now: () => clock,
      },
    );

    emit({ type: 'QUEUE_NEEDS_TOKEN', userId: alice });
    emit({ type: 'QUEUE_NEEDS_TOKEN', userId: alice });
    expect(refreshes).toBe(1);
    release();
    await vi.waitFor(() => expect(stored).toEqual(['jwt-1']));

    clock = TOKEN_REQUEST_COOLDOWN_MS - 1;
    emit({ type: 'QUEUE_NEEDS_TOKEN', userId: alice });
    expect(refreshes).toBe(1);
    clock = TOKEN_REQUEST_COOLDOWN_MS;
    emit({ type: 'QUEUE_CHANGED', size: 1 });
    expect(refreshes).toBe(1);
    emit({ type: 'QUEUE_NEEDS_TOKEN', userId: alice });
    expect(refreshes).toBe(2);
    release();
    await vi.waitFor(() => expect(stored).toEqual(['jwt-1', 'jwt-2']));

    // The worker waits for another user's token: a refresh of the current user's session is not stored.
    clock = 2 * TOKEN_REQUEST_COOLDOWN_MS;
    emit({ type: 'QUEUE_NEEDS_TOKEN', userId: bob });
    release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stored).toEqual(['jwt-1', 'jwt-2']);
    unsubscribe();
  });
});
