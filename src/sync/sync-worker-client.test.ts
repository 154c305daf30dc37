// The start gate: the page's worker is created only once `startAfter` resolves; a session given before
// then, and calls made meanwhile, wait for it. The worker side is a comlink endpoint on a real
// MessageChannel serving the few calls these tests make.
import { expose, proxy } from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import type { RpcResult, SyncWorkerApi, WorkerStatus } from '../../sync-worker/api';
import { SyncWorkerClient, type WorkerLike } from './sync-worker-client';

const config = { url: 'http://127.0.0.1:1', anonKey: 'anon' };

function channelWorker(log: string[], startDone: Promise<void> = Promise.resolve()): WorkerLike {
  const { port1, port2 } = new MessageChannel();
  const api: Partial<SyncWorkerApi> = {
    subscribe: (listener: (status: WorkerStatus) => void) => {
      void listener({ state: 'idle' });
      return proxy(() => undefined);
    },
    start: (options) => {
      log.push(`start ${options.userId}`);
      return startDone;
    },
    setAccessToken: (token: string) => {
      log.push(`token ${token}`);
    },
    rpc: (name: string): Promise<RpcResult> => {
      log.push(`rpc ${name}`);
      return Promise.resolve({ ok: true, data: name });
    },
  };
  expose(api, port2);
  port1.start();
  const worker = Object.assign(port1, {
    terminate: () => {
      port1.close();
      port2.close();
    },
  });
  workers.push(worker);
  return worker;
}

function deferred() {
  let resolve = () => undefined as void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const workers: WorkerLike[] = [];
afterEach(() => {
  for (const worker of workers.splice(0)) worker.terminate();
});

describe('SyncWorkerClient start gate', () => {
  it('creates no worker before startAfter resolves, then starts the waiting session first', async () => {
    const log: string[] = [];
    const gate = deferred();
    let created = 0;
    const client = new SyncWorkerClient(
      () => {
        created += 1;
        return channelWorker(log);
      },
      config,
      { startAfter: gate.promise },
    );
    const started = client.onAuthChange({ userId: 'u1', accessToken: 't1' });
    const rpc = client.rpc('get_feed');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(created).toBe(0);
    expect(log).toEqual([]);

    gate.resolve();
    await started;
    expect(await rpc).toEqual({ ok: true, data: 'get_feed' });
    expect(created).toBe(1);
    expect(log).toEqual(['start u1', 'rpc get_feed']);
    await client.onAuthChange({ userId: 'u1', accessToken: 't2' });
    expect(log.at(-1)).toBe('token t2');
    expect(created).toBe(1);
  });

  it('sends calls once the first start has finished in the worker (it answers not_started before)', async () => {
    const log: string[] = [];
    let finishStart = () => undefined as void;
    const startDone = new Promise<void>((resolve) => {
      finishStart = resolve;
    });
    const client = new SyncWorkerClient(() => channelWorker(log, startDone), config);
    void client.onAuthChange({ userId: 'u1', accessToken: 't1' });
    const rpc = client.rpc('export_my_data');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['start u1']);
    finishStart();
    expect(await rpc).toEqual({ ok: true, data: 'export_my_data' });
    expect(log).toEqual(['start u1', 'rpc export_my_data']);
  });

  it('answers not_started without a session, whatever the gate', async () => {
    const client = new SyncWorkerClient(
      () => {
        throw new Error('no worker without a session');
      },
      config,
      { startAfter: new Promise<void>(() => undefined) },
    );
    const result = await client.rpc('get_feed');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('not_started');
  });
});
