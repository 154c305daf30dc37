// @clock-sensitive: wall-clock timestamps
// src/sync's handle on the worker over a real comlink channel (a Node MessageChannel stands in for the Worker) to the
// real worker API, on RxDB with fake-indexeddb. The backend is unreachable on purpose: this is about
// start, token hand-over, user switch, sign-out and the status subscription, not replication.
import { MessageChannel } from 'node:worker_threads';
import { expose, type Endpoint } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { closeDatabase, openDatabase } from '../src/db/open-database';
import { cleanupDatabases, testStorage } from '../test/support/browser/test-database';
import { createSyncWorkerApi, type WorkerStatus } from './api';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- this test drives the page's handle (src/sync) against the real worker API over a comlink channel; it is the seam under test, not worker code.
import { SyncWorkerClient, type WorkerLike } from '../src/sync/sync-worker-client';

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('SyncWorkerClient', () => {
  afterEach(async () => {
    await cleanupDatabases();
  });

  it('starts after sign-in, passes tokens, switches user and stops on sign-out', async () => {
    const opened: string[] = [];
    let workerSide: ReturnType<typeof createSyncWorkerApi> | null = null;
    const createWorker = (): WorkerLike => {
      const { port1, port2 } = new MessageChannel();
      workerSide = createSyncWorkerApi({
        openDatabase: (userId) => {
          opened.push(userId);
          return openDatabase({ userId, storage: testStorage() });
        },
        closeDatabase,
        transport: WebSocket as never,
        session: { realtime: false, log: { error: () => undefined } },
      });
      expose(workerSide, port2);
      const endpoint = port1 as unknown as Endpoint;
      return Object.assign(endpoint, {
        terminate: () => {
          port1.close();
          port2.close();
        },
      });
    };
    const client = new SyncWorkerClient(createWorker, { url: 'http://127.0.0.1:9', anonKey: 'anon' });
    const seen: WorkerStatus[] = [];
    client.subscribe(() => seen.push(client.getStatus()));
    expect(client.getStatus()).toEqual({ state: 'idle' });

    await client.onAuthChange({ userId: 'user-a', accessToken: 'token-1' });
    await until(() => client.getStatus().state === 'running');
    const running = client.getStatus();
    expect(running.state === 'running' && running.userId).toBe('user-a');
    expect(running.state === 'running' && running.needsToken).toBe(false);

    await client.onAuthChange({ userId: 'user-a', accessToken: 'token-2' });
    expect(opened).toEqual(['user-a']);

    await client.onAuthChange({ userId: 'user-b', accessToken: 'token-3' });
    await until(() => {
      const s = client.getStatus();
      return s.state === 'running' && s.userId === 'user-b';
    });
    expect(opened).toEqual(['user-a', 'user-b']);

    await client.onAuthChange(null);
    await until(() => client.getStatus().state === 'idle');
    expect(await client.rpc('discover_people')).toMatchObject({ ok: false, error: { code: 'not_started' } });
    expect(workerSide).not.toBeNull();
    await client.dispose();
    expect(seen.length).toBeGreaterThan(2);
  });
});
