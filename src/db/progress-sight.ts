import { useMemo } from 'react';
import { syncMeta$ } from './local-state';
import type { SpotterDatabase } from './types';
import { useLiveSource } from './use-live-query';

/** Whose progress, and whether this device's local data is whole (its first full pull is done). */
export interface ProgressSight {
  userId: string;
  ready: boolean;
}

/**
 * Whose progress a screen celebrates, and whether this device's data is whole: its leader has finished a
 * pull of every collection at least once (`last_synced_at`). Before that, XP arriving is history from
 * other devices, not a gain (src/lib/use-progress-moments.ts).
 */
export function useProgressSight(db: SpotterDatabase, userId: string): ProgressSight {
  const meta = useLiveSource(() => syncMeta$(db), [db]);
  const ready = meta?.last_synced_at != null;
  return useMemo(() => ({ userId, ready }), [userId, ready]);
}
