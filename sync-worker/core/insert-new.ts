/**
 * Inserts documents that must not overwrite anything (the first pull's pages), returning the ids a
 * stored document already took. On RxDB's Dexie storage this is one IndexedDB `add` per document: a
 * taken key fails that `add` alone, so no read is needed first. RxDB's `bulkWrite` reads every id
 * before it writes (a `get` per document, a quarter of the first pull's time in the sync bench) to
 * tell inserts from updates, which a page of new documents never needs.
 *
 * The change event RxDB would emit is emitted the same way (the storage instance's `changes$`, which
 * its multi-instance support also posts to the other realms), so live queries, the upstream and other
 * tabs see exactly what `bulkWrite` would have shown them. Any other storage goes through `bulkWrite`.
 */
import type { BulkWriteRow, EventBulk, RxDocumentData, RxStorageChangeEvent, RxStorageInstance } from 'rxdb';
import type { Dexie, Table } from 'dexie';
import { fromStorageToDexie } from 'rxdb/plugins/storage-dexie';
import type { Subject } from 'rxjs';
import { isQuotaExceeded } from '../../src/db/storage-health/quota-error';
import { reportStorageEvent } from '../../src/db/storage-health/storage-events';

type Doc = Record<string, unknown> & { id: string };
type ChangeBulk = EventBulk<RxStorageChangeEvent<RxDocumentData<Doc>>, { id: string; lwt: number }>;

/** What RxDB's Dexie storage instance keeps (rx-storage-instance-dexie.js, RxDB 17). */
interface DexieInstance {
  internals: Promise<{ dexieDb: Dexie; dexieTable: Table | undefined; booleanIndexes: string[] }>;
  changes$: Subject<ChangeBulk>;
}

/** RxDB's Dexie storage instance behind `storage` (null for any other storage). */
export function dexieInstance(storage: object): DexieInstance | null {
  const candidate = storage as Partial<DexieInstance>;
  return candidate.internals instanceof Promise && typeof candidate.changes$?.next === 'function'
    ? (candidate as DexieInstance)
    : null;
}

/** The ids of `docs` that were already stored (not written); all others are written. */
export async function insertNew(
  storage: RxStorageInstance<Doc, unknown, unknown>,
  docs: RxDocumentData<Doc>[],
  context: string,
): Promise<Set<string>> {
  if (docs.length === 0) return new Set();
  const dexie = dexieInstance(storage);
  if (!dexie) return insertThroughBulkWrite(storage, docs, context);
  const { dexieDb, dexieTable, booleanIndexes } = await dexie.internals;
  if (!dexieTable) return insertThroughBulkWrite(storage, docs, context);
  const taken = new Set<string>();
  try {
    await dexieDb.transaction('rw', dexieTable, async () => {
      try {
        await dexieTable.bulkAdd(docs.map((doc) => fromStorageToDexie(booleanIndexes, doc) as object));
      } catch (error) {
        // Dexie's BulkError: the other adds of the transaction stand (caught inside it, so no abort).
        // A full disk is not a taken id: it fails the page (and is reported below).
        const failures = (error as { failuresByPos?: Record<number, unknown> }).failuresByPos;
        if (!failures || isQuotaExceeded(error)) throw error;
        for (const position of Object.keys(failures)) taken.add(docs[Number(position)]!.id);
      }
    });
  } catch (error) {
    // This path bypasses the storage's bulkWrite, where a full quota is otherwise reported.
    if (isQuotaExceeded(error)) reportStorageEvent({ kind: 'quota-exceeded' });
    throw error;
  }
  const written = docs.filter((doc) => !taken.has(doc.id));
  if (written.length > 0) {
    // RxDB's checkpoint order is (lwt, id): the newest of this bulk is the greatest of both.
    const newest = written.reduce((a, b) =>
      a._meta.lwt > b._meta.lwt || (a._meta.lwt === b._meta.lwt && a.id > b.id) ? a : b,
    );
    dexie.changes$.next({
      id: globalThis.crypto.randomUUID(),
      events: written.map((doc) => ({
        documentId: doc.id,
        operation: 'INSERT',
        documentData: doc,
        previousDocumentData: undefined,
      })),
      checkpoint: { id: newest.id, lwt: newest._meta.lwt },
      context,
    });
  }
  return taken;
}

async function insertThroughBulkWrite(
  storage: RxStorageInstance<Doc, unknown, unknown>,
  docs: RxDocumentData<Doc>[],
  context: string,
): Promise<Set<string>> {
  const rows: BulkWriteRow<Doc>[] = docs.map((document) => ({ document }));
  const result = await storage.bulkWrite(rows, context);
  const failed = result.error.find((e) => e.status !== 409);
  if (failed) throw new Error(`insert of ${storage.collectionName}: ${JSON.stringify(failed)}`);
  return new Set(result.error.map((e) => e.documentId));
}
