import { useMemo } from 'react';
import type { ProgressSight } from '@/lib/use-progress-moments';
import { syncMeta$ } from './local-state';
import type { SpotterDatabase } from './types';
import { useLiveValue } from './use-live-query';

/**
 * Whose progress a screen celebrates, and whether this device's data is whole: its leader has finished a
 * pull of every collection at least once (`last_synced_at`). Before that, XP arriving is history from
 * other devices, not a gain (src/lib/use-progress-moments.ts).
 */
export function useProgressSight(db: SpotterDatabase, userId: string): ProgressSight {
  const meta = useLiveValue(useMemo(() => syncMeta$(db), [db]));
  const ready = meta?.last_synced_at != null;
  return useMemo(() => ({ userId, ready }), [userId, ready]);
}
