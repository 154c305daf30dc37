import type { SpotterDatabase } from '@/db/types';
import type { LocalProgress } from './local-progress';
import { localProgress$ } from './local-progress-live';
import { useLiveSource } from '@/db/use-live-query';

/** XP, level and streaks for the signed-in user, live; undefined while the first values load. */
export function useLocalProgress(
  db: SpotterDatabase | null,
  userId: string | null,
): LocalProgress | undefined {
  return useLiveSource(() => (db && userId ? localProgress$(db, userId) : null), [db, userId]);
}
