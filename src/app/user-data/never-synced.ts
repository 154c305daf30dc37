/**
 * Whether this device has the user's synced data yet. A device that has none (a new device, a cleared
 * browser) shows an empty first screen until the sync worker has pulled, so the worker starts at once
 * there instead of after that screen (user-data-provider.tsx; issue 19, `new_device_first_screen_ms`).
 */
import { databaseNameFor } from '@/db/database-name';
import { readLocal } from '@/db/local-doc';
import { SYNC_META_ID, type SyncMeta } from '@/db/local-state';
import type { SpotterDatabase } from '@/db/types';
import { readLocalDataMarker } from '@/lib/storage-health/local-data-marker';

type Store = Parameters<typeof readLocalDataMarker>[1];

/**
 * No note that this browser held the user's synced data (local-data-marker.ts): known before the
 * database opens. Also true where localStorage is unavailable (then the worker starts early; harmless).
 */
export async function noSyncedDataNoted(userId: string, store?: Store): Promise<boolean> {
  const name = await databaseNameFor(userId).catch(() => null);
  return name !== null && readLocalDataMarker(name, store) === null;
}

/** No sync has completed in this open database (sync meta's `last_synced_at`, the worker's). */
export async function neverSynced(db: SpotterDatabase): Promise<boolean> {
  const meta = await readLocal<SyncMeta>(db, SYNC_META_ID).catch(() => null);
  return (meta?.last_synced_at ?? null) === null;
}
