// Test-only (imported by *.test.ts files, never by the app): a real RxDB storage with a disk that can be
// made full. fake-indexeddb has no quota, so the failure is injected at the storage boundary: while
// `full()` is true, every write throws what Dexie throws when the browser aborts the transaction for the
// quota (an AbortError whose `inner` is the DOMException QuotaExceededError). Reads are untouched.
import Dexie from 'dexie';
import type { RxStorage, RxStorageInstance } from 'rxdb';

export function quotaAbort(): Error {
  return new Dexie.AbortError(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
}

export function fullDiskStorage<I, S>(storage: RxStorage<I, S>, full: () => boolean): RxStorage<I, S> {
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance(params) {
      const instance = await storage.createStorageInstance(params);
      const inner = instance as unknown as RxStorageInstance<unknown, unknown, unknown>;
      const bulkWrite = inner.bulkWrite.bind(inner);
      inner.bulkWrite = (writes, context) =>
        full() ? Promise.reject(quotaAbort()) : bulkWrite(writes, context);
      return instance;
    },
  };
}
