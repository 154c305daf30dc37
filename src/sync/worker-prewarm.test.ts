import { afterEach, describe, expect, it, vi } from 'vitest';

/** Stands in for the browser's Worker (jsdom and Node have none): records what was created. */
class RecordingWorker {
  static created: RecordingWorker[] = [];
  constructor(
    readonly url: URL,
    readonly options: WorkerOptions,
  ) {
    RecordingWorker.created.push(this);
  }
}

async function freshModule() {
  vi.resetModules();
  return import('./worker-prewarm');
}

describe('the sync worker started ahead of sign-in', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    RecordingWorker.created = [];
  });

  it('hands the prewarmed worker over once, then creates new ones', async () => {
    vi.stubGlobal('Worker', RecordingWorker);
    const { prewarmSyncWorker, takeSyncWorker } = await freshModule();
    prewarmSyncWorker();
    prewarmSyncWorker();
    expect(RecordingWorker.created).toHaveLength(1);
    const first = takeSyncWorker();
    expect(first).toBe(RecordingWorker.created[0]);
    expect(RecordingWorker.created[0]?.options).toMatchObject({ type: 'module', name: 'spotter-sync' });
    const second = takeSyncWorker();
    expect(second).not.toBe(first);
    expect(RecordingWorker.created).toHaveLength(2);
  });

  it('without prewarming creates the worker when it is taken', async () => {
    vi.stubGlobal('Worker', RecordingWorker);
    const { takeSyncWorker } = await freshModule();
    expect(RecordingWorker.created).toHaveLength(0);
    takeSyncWorker();
    expect(RecordingWorker.created).toHaveLength(1);
  });

  it('does nothing ahead where the browser has no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    const { prewarmSyncWorker } = await freshModule();
    expect(() => prewarmSyncWorker()).not.toThrow();
  });
});
