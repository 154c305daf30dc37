import { useEffect, useState } from 'react';
import type { SpotterDatabase } from '@/db/types';
import { describeWrite, type WriteLabel } from '../model/write-label';
import type { RefusedWrite } from '../model/refused-writes';

/** Each refused write's label (read from the local database: a gym's name, a workout's day), by id. */
export function useWriteLabels(
  db: SpotterDatabase,
  writes: readonly RefusedWrite[],
  locale: string,
): ReadonlyMap<string, WriteLabel> {
  const [labels, setLabels] = useState<ReadonlyMap<string, WriteLabel>>(new Map());
  useEffect(() => {
    let active = true;
    Promise.all(
      writes.map(async (write) => [write.id, await describeWrite(db, write, locale)] as const),
    ).then(
      (entries) => {
        if (active) setLabels(new Map(entries));
      },
      (error: unknown) => console.warn('[sync] cannot describe refused writes', error),
    );
    return () => {
      active = false;
    };
  }, [db, writes, locale]);
  return labels;
}
