import { useMemo } from 'react';
import type { SpotterDatabase } from '@/db/types';
import { useLiveValue } from '@/db/use-live-query';
import type { LocalProgress } from './local-progress';
import { localProgress$ } from './local-progress-live';

/** XP, level and streaks for the signed-in user, live; undefined while the first values load. */
export function useLocalProgress(
  db: SpotterDatabase | null,
  userId: string | null,
): LocalProgress | undefined {
  const source = useMemo(() => (db && userId ? localProgress$(db, userId) : null), [db, userId]);
  return useLiveValue(source);
}
