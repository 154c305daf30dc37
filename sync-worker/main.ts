/**
 * The sync worker's entry (a module Web Worker, one per tab; only the elected leader replicates):
 * exposes the API of api.ts with comlink. Owns this realm's instance of the user's database, the
 * supabase-js client and the realtime socket. The page passes tokens in; this worker never refreshes.
 */
import { expose } from 'comlink';
import { closeDatabase, openDatabase } from '../src/db/open-database';
import { quietQuotaRejections } from '../src/db/storage-health/quiet-rejections';
import { reportStorageEvent } from '../src/db/storage-health/storage-events';
import { createSyncWorkerApi } from './api';
import { queueDbOutcomes } from './intents/queue-outcomes';

declare const self: DedicatedWorkerGlobalScope;

const api = createSyncWorkerApi({
  openDatabase: (userId) => openDatabase({ userId }),
  closeDatabase,
  events: self,
  isOnline: () => self.navigator.onLine,
  // Intents the service worker queued are settled from its queue database (same origin).
  session: { queue: queueDbOutcomes(self.indexedDB) },
});

// A full disk fails RxDB's own writes here too (replication meta, local documents): the page tells the
// user (src/lib/storage-health), so these are reported, not uncaught errors.
quietQuotaRejections(self, () => reportStorageEvent({ kind: 'quota-exceeded' }));

expose(api, self);
