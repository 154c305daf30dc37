// @clock-sensitive: wall-clock waits
import { describe, expect, it } from 'vitest';
import {
  RETRY_DELAYS_MS,
  clearRuntimeCaches,
  isPrecache,
  retryImport,
  type RetryImportDeps,
} from './retry-import';

function fakeDeps(reloads = true, online = true) {
  const waits: number[] = [];
  const store = new Map<string, string>();
  let recovered = 0;
  const deps: RetryImportDeps = {
    wait: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
    recover: () => {
      recovered += 1;
      return Promise.resolve(reloads);
    },
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
      removeItem: (key) => void store.delete(key),
    },
    online: () => online,
  };
  return { deps, waits, store, recovered: () => recovered };
}

function failingTimes<T>(failures: number, value: T) {
  let calls = 0;
  const load = () => {
    calls += 1;
    return calls <= failures ? Promise.reject(new Error(`chunk failed ${calls}`)) : Promise.resolve(value);
  };
  return { load, calls: () => calls };
}

describe('retryImport', () => {
  it('returns at once when the chunk loads', async () => {
    const { deps, waits } = fakeDeps();
    await expect(retryImport(() => Promise.resolve('page'), deps)).resolves.toBe('page');
    expect(waits).toEqual([]);
  });

  it('retries twice with 600 ms, then 1200 ms', async () => {
    const { deps, waits, recovered } = fakeDeps();
    const chunk = failingTimes(2, 'page');
    await expect(retryImport(chunk.load, deps)).resolves.toBe('page');
    expect(chunk.calls()).toBe(3);
    expect(waits).toEqual([...RETRY_DELAYS_MS]);
    expect(waits).toEqual([600, 1200]);
    expect(recovered()).toBe(0);
  });

  it('clears caches and reloads once after the third failure, and stays pending meanwhile', async () => {
    const { deps, store, recovered } = fakeDeps(true);
    const chunk = failingTimes(3, 'page');
    const outcome = await Promise.race([
      retryImport(chunk.load, deps).then(() => 'settled'),
      new Promise((resolve) => setTimeout(() => resolve('pending'), 20)),
    ]);
    expect(outcome).toBe('pending');
    expect(chunk.calls()).toBe(3);
    expect(recovered()).toBe(1);
    expect(store.size).toBe(1);
  });

  it('offline, throws without clearing the caches (they are all the app has)', async () => {
    const { deps, store, recovered } = fakeDeps(true, false);
    await expect(retryImport(failingTimes(3, 'x').load, deps)).rejects.toThrow('chunk failed 3');
    expect(recovered()).toBe(0);
    expect(store.size).toBe(0);
  });

  it('throws instead of reloading again when the reload did not help', async () => {
    const { deps, recovered } = fakeDeps(true);
    // The first give-up starts a reload and never settles; the marker survives into the reloaded page.
    void retryImport(failingTimes(3, 'x').load, deps);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(recovered()).toBe(1);
    const second = failingTimes(3, 'x');
    await expect(retryImport(second.load, deps)).rejects.toThrow('chunk failed 3');
    expect(recovered()).toBe(1);
  });

  it('forgets the reload marker once a chunk loads again', async () => {
    const { deps, store } = fakeDeps(true);
    store.set('spotter:chunk-reload', '1');
    await retryImport(() => Promise.resolve('ok'), deps);
    expect(store.size).toBe(0);
  });

  it('throws the last error when the page cannot reload', async () => {
    const { deps } = fakeDeps(false);
    await expect(retryImport(failingTimes(5, 'x').load, deps)).rejects.toThrow('chunk failed 3');
  });
});

describe('clearRuntimeCaches', () => {
  it('deletes runtime caches and keeps the Workbox precache (the app offline)', async () => {
    const names = new Set([
      'workbox-precache-v2-http://localhost:4173/',
      'spotter-precache-v2-https://app.example/',
      'workbox-runtime-http://localhost:4173/',
      'images',
    ]);
    const storage = {
      keys: () => Promise.resolve([...names]),
      delete: (name: string) => Promise.resolve(names.delete(name)),
    };
    expect(await clearRuntimeCaches(storage)).toEqual(['workbox-runtime-http://localhost:4173/', 'images']);
    expect([...names]).toEqual([
      'workbox-precache-v2-http://localhost:4173/',
      'spotter-precache-v2-https://app.example/',
    ]);
    expect(isPrecache('precache-v2')).toBe(false);
  });
});
