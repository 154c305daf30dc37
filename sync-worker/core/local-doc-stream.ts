/**
 * The pending-writes ledger in the worker: one shared stream per database (over `localData$`, which
 * costs nothing per replicated document; src/db/local-doc.ts says why that matters), so every
 * replication and the intent sender listen through one subscription; and the ledger as stored right now.
 */
import type { RxDatabase } from 'rxdb';
import { getLocalDocStateByParent } from 'rxdb/plugins/local-documents';
import type { Observable } from 'rxjs';
import { shareReplay } from 'rxjs';
import {
  PENDING_WRITES_ID,
  emptyPendingState,
  pending$,
  type PendingState,
} from '../../src/db/pending-writes';
import type { SpotterDatabase } from '../../src/db/types';

interface LocalDocData<T> {
  data: T;
  _deleted?: boolean;
}

const ledgers = new WeakMap<SpotterDatabase, Observable<PendingState>>();

/** The pending-writes ledger of `db`, one subscription shared by every caller in this realm. */
export function ledger$(db: SpotterDatabase): Observable<PendingState> {
  let stream = ledgers.get(db);
  if (!stream) {
    stream = pending$(db).pipe(shareReplay({ bufferSize: 1, refCount: true }));
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
