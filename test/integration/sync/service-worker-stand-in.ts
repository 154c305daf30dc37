/**
 * A stand-in for sw.ts on the worker's requests, built from the service worker's own parts: the queue
 * database (QueueDb on its own fake-indexeddb factory), `matchQueuedRpc`, `entryFromRequest`,
 * `queuedResponse` and `replayQueue`. With the network down, a queueable RPC is stored and answered
 * 202 `{ queued: true, id }`; anything else fails like fetch does offline. `replay()` runs the real
 * replay pass against the emulator.
 */
import { randomUUID } from 'node:crypto';
import { IDBFactory } from 'fake-indexeddb';
import type { WorkerToPageMessage } from '../../../service-worker/protocol';
import { QueueDb } from '../../../service-worker/queue-db';
import { entryFromRequest } from '../../../service-worker/queue-entry';
import { matchQueuedRpc } from '../../../service-worker/queued-rpcs';
import { replayQueue, type ReplayPass } from '../../../service-worker/replay';
import { queuedResponse } from '../../../service-worker/responses';
import { queueDbOutcomes, type QueueOutcomeSource } from '../../../sync-worker/intents/queue-outcomes';

export interface ServiceWorkerStandIn {
  fetch: typeof fetch;
  /** The queue database as the sync worker reads it. */
  outcomes: QueueOutcomeSource;
  db: QueueDb;
  online: boolean;
  /** Every request that reached the network (method, rpc or table path), in order. */
  sent: string[];
  replay(): Promise<ReplayPass>;
  messages: WorkerToPageMessage[];
}

export function serviceWorkerStandIn(supabaseUrl: string): ServiceWorkerStandIn {
  const factory = new IDBFactory();
  const db = new QueueDb(factory);
  const sent: string[] = [];
  const messages: WorkerToPageMessage[] = [];
  const label = (request: Request) =>
    `${request.method} ${new URL(request.url).pathname.replace('/rest/v1/', '')}`;
  const network = (request: Request) => {
    sent.push(label(request));
    return fetch(request);
  };
  const standIn: ServiceWorkerStandIn = {
    online: true,
    sent,
    messages,
    db,
    outcomes: queueDbOutcomes(factory),
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (standIn.online) return network(request);
      const rpc = matchQueuedRpc(request.method, request.url, supabaseUrl);
      if (rpc === null) throw new TypeError('fetch failed');
      const entry = await entryFromRequest(request, rpc, { id: randomUUID(), now: Date.now() });
      await db.add(entry);
      return queuedResponse(entry.id);
    },
    replay: () =>
      replayQueue({
        db,
        fetch: network,
        now: () => Date.now(),
        notify: (message) => void messages.push(message),
      }),
  };
  return standIn;
}
