/**
 * Database-level local documents (the pending-writes ledger, sync_meta, badge counts) as observables
 * that cost nothing per replicated document. RxDB's `db.getLocal$(id)` runs two async `mergeMap` steps
 * for every change event of every collection (it listens to `db.$`, one event per document), so each
 * subscriber added two promises per pulled row and rxjs removed each finished inner subscription from
 * an array the size of the backlog: 13 such subscribers in the worker cost about a second of CPU per
 * 10,000 pulled rows (bench sync, profile of the initial pull). Here one filter per change *bulk*,
 * local bulks only; the value comes from the bulk's own event, so nothing is read again.
 * Also one shared ledger stream per database, so every pull-only replication listens through it.
 */
import type { RxDatabase } from 'rxdb';
import { getLocalDocStateByParent } from 'rxdb/plugins/local-documents';
import { Observable, shareReplay } from 'rxjs';
import { PENDING_WRITES_ID, emptyPendingState, type PendingState } from '../../src/db/pending-writes';
import type { SpotterDatabase } from '../../src/db/types';

interface LocalDocData<T> {
  data: T;
  _deleted?: boolean;
}

/** The data of `id` now and after every write to it (any realm); `null` while it does not exist. */
export function localData$<T extends object>(db: SpotterDatabase, id: string): Observable<T | null> {
  return new Observable<T | null>((subscriber) => {
    let changed = false;
    const sub = db.eventBulks$.subscribe((bulk) => {
      // Database-level local documents: their bulks carry no collection name.
      if (!bulk.isLocal || bulk.collectionName) return;
      let last: (typeof bulk.events)[number] | undefined;
      for (const event of bulk.events) if (event.documentId === id) last = event;
      if (!last) return;
      changed = true;
      const doc = last.documentData as unknown as LocalDocData<T> | undefined;
      subscriber.next(last.operation === 'DELETE' || !doc || doc._deleted ? null : doc.data);
    });
    db.getLocal<T>(id).then(
      (doc) => {
        // A write seen meanwhile is newer than this read.
        if (!changed) subscriber.next(doc ? (doc.toJSON().data as T) : null);
      },
      // A database closed meanwhile (user switch, stop) just ends the stream.
      (error: unknown) => (db.closed ? subscriber.complete() : subscriber.error(error)),
    );
    return () => sub.unsubscribe();
  });
}

const ledgers = new WeakMap<SpotterDatabase, Observable<PendingState>>();

/** The pending-writes ledger of `db`, one subscription shared by every caller in this realm. */
export function ledger$(db: SpotterDatabase): Observable<PendingState> {
  let stream = ledgers.get(db);
  if (!stream) {
    stream = new Observable<PendingState>((subscriber) =>
      localData$<PendingState>(db, PENDING_WRITES_ID).subscribe({
        next: (state) => subscriber.next(state ?? emptyPendingState()),
        error: (error: unknown) => subscriber.error(error),
      }),
    ).pipe(shareReplay({ bufferSize: 1, refCount: true }));
    ledgers.set(db, stream);
  }
  return stream;
}

/**
 * The ledger as stored right now, read from the local-documents storage itself: RxDB's `getLocal`
 * answers from this realm's document cache, which may lag another realm's last write by one change
 * event (an entry missed that way stays pending for good: convergence seed 13).
 */
export async function storedLedger(db: SpotterDatabase): Promise<PendingState> {
  const { storageInstance } = await getLocalDocStateByParent(db as unknown as RxDatabase);
  const [doc] = await storageInstance.findDocumentsById([PENDING_WRITES_ID], false);
  const data = (doc as unknown as LocalDocData<PendingState> | undefined)?.data;
  return data ?? emptyPendingState();
}
