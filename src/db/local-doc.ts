import { Observable } from 'rxjs';
import type { SpotterDatabase } from './types';

interface LocalDocData<T> {
  data: T;
  _deleted?: boolean;
}

/**
 * Read-modify-write of a database-level local document, safe across realms: the first write races
 * on insert (the loser re-reads), every later one goes through RxDB's incremental write queue, which
 * re-runs `modify` on the stored state when another instance wrote in between (revision conflict).
 * `modify` must return a new object: in dev-mode the stored state is deep-frozen.
 */
export async function modifyLocal<T extends object>(
  db: SpotterDatabase,
  id: string,
  initial: () => T,
  modify: (current: T) => T,
): Promise<T> {
  let doc = await db.getLocal<T>(id);
  if (!doc) {
    try {
      doc = await db.insertLocal<T>(id, modify(initial()));
      return doc.toJSON().data as T;
    } catch {
      // Another instance inserted it first: fall through and modify its state.
      doc = await db.getLocal<T>(id);
      if (!doc) throw new Error(`modifyLocal: local document ${id} vanished`);
    }
  }
  const written = await doc.incrementalModify((data) => modify(data));
  return written.toJSON().data as T;
}

export async function readLocal<T extends object>(db: SpotterDatabase, id: string): Promise<T | null> {
  const doc = await db.getLocal<T>(id);
  return doc ? (doc.toJSON().data as T) : null;
}

/**
 * The data of `id` now and after every write to it (any realm); `null` while it does not exist.
 *
 * Observing a local document costs nothing per replicated document here. RxDB's `db.getLocal$(id)` runs
 * two async `mergeMap` steps for every change event of every collection (it listens to `db.$`, one
 * event per document): during a 10,000-row pull each subscriber paid that per row (bench sync profile:
 * about a second of worker CPU for 13 subscribers). This filters once per change *bulk*, local bulks
 * only, and takes the value from the bulk's own event. Both realms see the same events as getLocal$
 * (other instances' writes arrive through the same `eventBulks$`).
 */
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
    // While the database closes RxDB throws here rather than rejecting (its local documents are dropped
    // first, and `closed` is set last): such a stream just ends, as below.
    let read: ReturnType<typeof db.getLocal<T>>;
    try {
      read = db.getLocal<T>(id);
    } catch (error) {
      read = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    read.then(
      (doc) => {
        // A write seen meanwhile is newer than this read.
        if (!changed) subscriber.next(doc ? (doc.toJSON().data as T) : null);
      },
      // A database closed or closing meanwhile (user switch, sign-out, stop) just ends the stream.
      (error: unknown) => (closedOrClosing(db) ? subscriber.complete() : subscriber.error(error)),
    );
    return () => sub.unsubscribe();
  });
}

/** True once `close()` has begun: RxDB sets `closed` only when it has finished. */
function closedOrClosing(db: SpotterDatabase): boolean {
  return db.closed || (db as unknown as { closePromise: Promise<unknown> | null }).closePromise !== null;
}
