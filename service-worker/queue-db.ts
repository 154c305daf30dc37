/**
 * The IndexedDB database the service worker and the page share (`spotter-sw`):
 * - `queue`: queued writes in insertion order (QueueEntry, key `seq`),
 * - `outcomes`: writes the server refused permanently, kept until the user dismisses them,
 * - `session`: the access token the page stored last (one record, key `current`), and the push renewal
 *   the worker left for the page (key `push-renewal`, subscription-change.ts).
 * Plain IndexedDB, one short transaction per call, so it works the same in the service worker, the page
 * and fake-indexeddb.
 */
import type { QueueEntry, SessionRecord } from './queue-entry';
import type { PushRenewal } from './subscription-change';

export const QUEUE_DB_NAME = 'spotter-sw';
const QUEUE_DB_VERSION = 1;
export const QUEUE_STORES = { queue: 'queue', outcomes: 'outcomes', session: 'session' } as const;
export const SESSION_KEY = 'current';
export const PUSH_RENEWAL_KEY = 'push-renewal';
const QUEUE = QUEUE_STORES.queue;
const OUTCOMES = QUEUE_STORES.outcomes;
const SESSION = QUEUE_STORES.session;

/** A write the server answered with a permanent 4xx: shown to the user until dismissed. */
export interface QueueOutcomeRecord {
  /** The queue entry's id. */
  id: string;
  rpc: string;
  userId: string | null;
  status: number;
  /** The server's answer (PostgREST error JSON), cut to 4 KB. */
  body: string;
  /** The request body that was refused, so the user can see what was lost. */
  requestBody: string;
  queuedAt: number;
  settledAt: number;
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function completed(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

export function openQueueDb(factory: IDBFactory = indexedDB): Promise<IDBDatabase> {
  const request = factory.open(QUEUE_DB_NAME, QUEUE_DB_VERSION);
  request.onupgradeneeded = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains(QUEUE)) {
      const queue = db.createObjectStore(QUEUE, { keyPath: 'seq', autoIncrement: true });
      queue.createIndex('id', 'id', { unique: true });
    }
    if (!db.objectStoreNames.contains(OUTCOMES)) db.createObjectStore(OUTCOMES, { keyPath: 'id' });
    if (!db.objectStoreNames.contains(SESSION)) db.createObjectStore(SESSION, { keyPath: 'key' });
  };
  return promised(request).then((db) => {
    // A newer version elsewhere (a service-worker update) must not be blocked by this connection.
    db.onversionchange = () => db.close();
    return db;
  });
}

async function run<T>(
  db: IDBDatabase,
  stores: string[],
  mode: IDBTransactionMode,
  body: (transaction: IDBTransaction) => Promise<T> | T,
): Promise<T> {
  const transaction = db.transaction(stores, mode);
  const done = completed(transaction);
  const result = await body(transaction);
  await done;
  return result;
}

/** Opens the database per call and closes it after: the service worker may be stopped at any time. */
export class QueueDb {
  constructor(private readonly factory: IDBFactory = indexedDB) {}

  private async with<T>(fn: (db: IDBDatabase) => Promise<T>): Promise<T> {
    const db = await openQueueDb(this.factory);
    try {
      return await fn(db);
    } finally {
      db.close();
    }
  }

  /** Stores a new entry; returns its `seq`. */
  add(entry: QueueEntry): Promise<number> {
    const { seq: _seq, ...record } = entry;
    return this.with((db) =>
      run(db, [QUEUE], 'readwrite', (tx) => promised(tx.objectStore(QUEUE).add(record)).then(Number)),
    );
  }

  /** All entries, oldest first. */
  list(): Promise<QueueEntry[]> {
    return this.with((db) =>
      run(db, [QUEUE], 'readonly', (tx) =>
        promised(tx.objectStore(QUEUE).getAll() as IDBRequest<QueueEntry[]>),
      ),
    );
  }

  /** Updates a stored entry (attempt bookkeeping); a no-op when it was removed meanwhile. */
  update(entry: QueueEntry): Promise<void> {
    return this.with((db) =>
      run(db, [QUEUE], 'readwrite', (tx) => {
        const store = tx.objectStore(QUEUE);
        if (entry.seq === undefined) return;
        // Request callbacks, not awaits: the put must be issued while the transaction is still active.
        const existing = store.get(entry.seq);
        existing.onsuccess = () => {
          if (existing.result !== undefined) store.put(entry);
        };
      }),
    );
  }

  /** Removes an applied entry. */
  remove(seq: number): Promise<void> {
    return this.with((db) =>
      run(db, [QUEUE], 'readwrite', (tx) =>
        promised(tx.objectStore(QUEUE).delete(seq)).then(() => undefined),
      ),
    );
  }

  /** Removes a refused entry and records its outcome in one transaction, so it is never lost in between. */
  reject(seq: number, outcome: QueueOutcomeRecord): Promise<void> {
    return this.with((db) =>
      run(db, [QUEUE, OUTCOMES], 'readwrite', (tx) => {
        tx.objectStore(OUTCOMES).put(outcome);
        tx.objectStore(QUEUE).delete(seq);
      }),
    );
  }

  outcomes(): Promise<QueueOutcomeRecord[]> {
    return this.with((db) =>
      run(db, [OUTCOMES], 'readonly', (tx) =>
        promised(tx.objectStore(OUTCOMES).getAll() as IDBRequest<QueueOutcomeRecord[]>),
      ),
    ).then((list) => list.sort((a, b) => a.settledAt - b.settledAt));
  }

  dismissOutcome(id: string): Promise<void> {
    return this.with((db) =>
      run(db, [OUTCOMES], 'readwrite', (tx) =>
        promised(tx.objectStore(OUTCOMES).delete(id)).then(() => undefined),
      ),
    );
  }

  readSession(): Promise<SessionRecord | null> {
    return this.readKeyed<SessionRecord>(SESSION_KEY).then((record) => {
      if (record === undefined) return null;
      const { key: _key, ...session } = record;
      return session;
    });
  }

  /** A record of the session store (the session, the push renewal) with its `key`, if there is one. */
  private readKeyed<T>(key: string): Promise<(T & { key: string }) | undefined> {
    return this.with((db) =>
      run(db, [SESSION], 'readonly', (tx) =>
        promised(tx.objectStore(SESSION).get(key) as IDBRequest<(T & { key: string }) | undefined>),
      ),
    );
  }

  /** Stores the page's current session token or the sign-out marker; null forgets both (tests). */
  writeSession(session: SessionRecord | null): Promise<void> {
    return this.with((db) =>
      run(db, [SESSION], 'readwrite', (tx) => {
        const store = tx.objectStore(SESSION);
        if (session === null) store.delete(SESSION_KEY);
        else store.put({ ...session, key: SESSION_KEY });
      }),
    );
  }

  /** The push subscription renewal the worker left for the page, or null. */
  readPushRenewal(): Promise<PushRenewal | null> {
    return this.readKeyed<PushRenewal>(PUSH_RENEWAL_KEY).then((record) =>
      record === undefined ? null : { oldEndpoint: record.oldEndpoint, at: record.at },
    );
  }

  /** Leaves a renewal for the page (a second one keeps the first's old endpoint); null clears it. */
  writePushRenewal(renewal: PushRenewal | null): Promise<void> {
    return this.with((db) =>
      run(db, [SESSION], 'readwrite', (tx) => {
        const store = tx.objectStore(SESSION);
        if (renewal === null) {
          store.delete(PUSH_RENEWAL_KEY);
          return;
        }
        // Request callbacks, not awaits: the put must be issued while the transaction is still active.
        const existing = store.get(PUSH_RENEWAL_KEY) as IDBRequest<PushRenewal | undefined>;
        existing.onsuccess = () => {
          const oldEndpoint = existing.result?.oldEndpoint ?? renewal.oldEndpoint;
          store.put({ ...renewal, oldEndpoint, key: PUSH_RENEWAL_KEY });
        };
      }),
    );
  }
}
