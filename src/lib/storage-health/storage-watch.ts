/**
 * The page's watch over its storage while a user is signed in: a full quota (reported by any realm,
 * storage-events.ts) and an evicted database (eviction.ts) become notices for the screen, and a write the
 * page could not store goes to the server when it can (quota-fallback.ts). Persistent storage is asked
 * for once the database is open (docs/decisions.md, "Storage pressure").
 */
import type { SpotterDatabase } from '@/db/types';
import { markDeviceStorageFull } from './device-storage-state';
import { markSyncedData, wasEvicted } from './eviction';
import { sendWriteOnline, type PushSender } from './quota-fallback';
import { onStorageEvent, type StorageEvent } from '../../db/storage-health/storage-events';

export type StorageNotice =
  /** The browser cleared this device's data; it is downloaded again. */
  | 'evicted'
  /** A change could not be stored here but the server has it. */
  | 'full-saved-online'
  /** A change could not be stored here nor sent: the user must free space and do it again. */
  | 'full-not-saved'
  /** The device cannot store more (new data from the server, bookkeeping); changes still go online. */
  | 'full';

export interface StorageWatchOptions {
  db: SpotterDatabase;
  send: PushSender;
  isOnline: () => boolean;
  say: (notice: StorageNotice) => void;
  /** `navigator.storage` (absent in tests and old browsers). */
  storageManager?: Pick<StorageManager, 'persist' | 'persisted'> | undefined;
  localStore?: Parameters<typeof wasEvicted>[1];
}

export function watchStorage(options: StorageWatchOptions): () => void {
  const { db, say } = options;
  let stopped = false;
  // One general notice per page: the worker's pull retries every few seconds against a full disk.
  let toldFull = false;

  const onEvent = async (event: StorageEvent) => {
    if (event.kind !== 'quota-exceeded') return;
    markDeviceStorageFull();
    const write = event.write;
    if (write !== undefined && isUserWrite(write.collection)) {
      const outcome = options.isOnline() ? await sendWriteOnline(write, options.send) : 'failed';
      toldFull = true;
      if (!stopped) say(outcome === 'sent' ? 'full-saved-online' : 'full-not-saved');
      return;
    }
    if (toldFull || stopped) return;
    toldFull = true;
    say('full');
  };
  const stopEvents = onStorageEvent((event) => void onEvent(event));

  let stopMarking = () => undefined as void;
  void wasEvicted(db, options.localStore).then((evicted) => {
    if (stopped) return;
    if (evicted) say('evicted');
    stopMarking = markSyncedData(db, options.localStore);
  });
  void askForPersistence(options.storageManager);

  return () => {
    stopped = true;
    stopEvents();
    stopMarking();
  };
}

/**
 * A write of this page to a collection or its local documents is something the user did (a command:
 * workouts, settings, and the intents behind check-ins, rest days, profile edits, friend requests), which
 * the user must hear about; RxDB's own stores (its internal one, the worker's replication meta) are not.
 */
function isUserWrite(collection: string): boolean {
  return collection !== '_rxdb_internal' && !collection.startsWith('rx-replication-meta');
}

export async function askForPersistence(storage: StorageWatchOptions['storageManager']): Promise<void> {
  if (storage === undefined) return;
  try {
    if (!(await storage.persisted())) await storage.persist();
  } catch {
    // Refused or unsupported: the data is then "best effort", as before; eviction is noticed either way.
  }
}
