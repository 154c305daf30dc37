/**
 * Notices that the browser cleared the user's local database since this browser last synced it, and
 * keeps the marker that makes that visible (local-data-marker.ts). Rebuilding needs nothing here: an
 * empty database has no checkpoints, so the sync worker runs a first pull, whose progress the sync panel
 * shows.
 */
import { syncMeta$ } from '@/db/local-state';
import type { SpotterDatabase } from '@/db/types';
import {
  forgetLocalDataMarker,
  readLocalDataMarker,
  writeLocalDataMarker,
} from '../../db/storage-health/local-data-marker';

type Store = Parameters<typeof readLocalDataMarker>[1];

/**
 * Compares the open database with the marker: true once when the database is not the one that held the
 * synced data (the marker is dropped, and set again once this database has synced).
 */
export async function wasEvicted(db: SpotterDatabase, store?: Store): Promise<boolean> {
  const marker = readLocalDataMarker(db.name, store);
  if (marker === null) return false;
  if (marker === (await db.storageToken)) return false;
  forgetLocalDataMarker(db.name, store);
  return true;
}

/** Sets the marker once the database holds a completed sync; returns the unsubscribe. */
export function markSyncedData(db: SpotterDatabase, store?: Store): () => void {
  const subscription = syncMeta$(db).subscribe((meta) => {
    if (meta.last_synced_at === null) return;
    void db.storageToken.then((token) => {
      if (readLocalDataMarker(db.name, store) !== token) writeLocalDataMarker(db.name, token, store);
    });
  });
  return () => subscription.unsubscribe();
}
