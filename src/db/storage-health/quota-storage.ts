/**
 * Wraps an RxDB storage so that a write refused for a full quota is recognised where it happens, in every
 * realm that opens the user's database (src/db/open-database.ts wraps the storage once for all of them).
 * The write still fails: RxDB and the caller see the same error as before; this only reports it, with the
 * documents, so the page can tell the user and send them to the server directly (quota-fallback.ts).
 */
import type { RxStorage, RxStorageInstance } from 'rxdb';
import { isQuotaExceeded } from './quota-error';
import { reportStorageEvent, type QuotaWrite } from './storage-events';

type AnyInstance = RxStorageInstance<unknown, unknown, unknown>;

export function withQuotaWatch<I, S>(
  storage: RxStorage<I, S>,
  report: (write: QuotaWrite) => void = (write) => reportStorageEvent({ kind: 'quota-exceeded', write }),
): RxStorage<I, S> {
  return {
    name: storage.name,
    rxdbVersion: storage.rxdbVersion,
    async createStorageInstance(params) {
      const instance = await storage.createStorageInstance(params);
      const inner = instance as unknown as AnyInstance;
      const bulkWrite = inner.bulkWrite.bind(inner);
      // Replaced on the instance itself: RxDB keeps using the storage's own instance class and fields.
      inner.bulkWrite = async (documentWrites, context) => {
        try {
          return await bulkWrite(documentWrites, context);
        } catch (error) {
          if (isQuotaExceeded(error)) {
            report({
              collection: params.collectionName,
              writes: documentWrites.map((w) => ({
                document: w.document,
                previous: w.previous ?? null,
              })),
            });
          }
          throw error;
        }
      };
      return instance;
    },
  };
}
