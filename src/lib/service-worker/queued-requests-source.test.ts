// @clock-sensitive: wall-clock timestamps
import { IDBFactory } from 'fake-indexeddb';
import { firstValueFrom, take, toArray } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { QueueDb } from '../../../service-worker/queue-db';
import type { QueueEntry } from '../../../service-worker/queue-entry';
import { createQueuedRequestsSource, toQueuedRequests } from './queued-requests-source';
import type { WorkerToPageMessage } from './write-queue';

function entry(id: string, userId: string | null, queuedAt: number): QueueEntry {
  return {
    id,
    rpc: 'check_in',
    method: 'POST',
    url: `http://127.0.0.1/rest/v1/rpc/check_in?${id}`,
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

describe('toQueuedRequests', () => {
  it("maps the user's entries, in order, with ISO times", () => {
    expect(
      toQueuedRequests([entry('a', 'u1', 0), entry('b', 'u2', 1), entry('c', 'u1', 1_000)], 'u1'),
    ).toEqual([
      {
        id: 'a',
        method: 'POST',
        url: 'http://127.0.0.1/rest/v1/rpc/check_in?a',
        queued_at: '1970-01-01T00:00:00.000Z',
      },
      {
        id: 'c',
        method: 'POST',
        url: 'http://127.0.0.1/rest/v1/rpc/check_in?c',
        queued_at: '1970-01-01T00:00:01.000Z',
      },
    ]);
  });
});

describe('createQueuedRequestsSource', () => {
  it('emits the stored queue on subscribe and again when the worker reports a change', async () => {
    const db = new QueueDb(new IDBFactory());
    await db.add(entry('a', 'u1', 0));
    let emit: (message: WorkerToPageMessage) => void = () => undefined;
    let unsubscribed = false;
    const source = createQueuedRequestsSource({
      userId: () => 'u1',
      db,
      subscribe: (listener) => {
        emit = listener;
        return () => {
          unsubscribed = true;
        };
      },
    });

    const first = await firstValueFrom(source.queued$);
    expect(first.map((request) => request.id)).toEqual(['a']);

    const two = firstValueFrom(source.queued$.pipe(take(2), toArray()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await db.add(entry('b', 'u1', 5));
    emit({ type: 'QUEUE_NEEDS_TOKEN', userId: 'u1' });
    emit({ type: 'QUEUE_CHANGED', size: 2 });
    const emissions = await two;
    expect(emissions.map((list) => list.map((request) => request.id))).toEqual([['a'], ['a', 'b']]);
    expect(unsubscribed).toBe(true);
  });
});
