import { useMemo, useSyncExternalStore } from 'react';
import type { SpotterDatabase } from '@/db/types';
import { Celebrations } from '../model/celebrations';

/** The login animation and the streak pop for the signed-in user (model/celebrations.ts). */
export function useCelebrations(db: SpotterDatabase, userId: string) {
  const store = useMemo(
    () => new Celebrations({ userId, profile$: db.profiles.findOne(userId).$ }),
    [db, userId],
  );
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { ...snapshot, dismissLogin: store.dismissLogin, dismissPop: store.dismissPop };
}
