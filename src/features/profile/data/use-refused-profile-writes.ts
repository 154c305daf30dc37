// Profile edits the server refused after the fact. An edit is written locally and queued; when the server
// later refuses it for good, the sync worker rolls the local change back and moves the intent to the
// ledger's `failed` list (src/db/pending-writes.ts settleIntent). That list is the one place a refusal
// arrives, also when it came while the page was closed, so the form reads it from there and keeps showing
// it until the user dismisses it.
import { useMemo } from 'react';
import { map } from 'rxjs';
import { dismissFailedWrite, pending$, type FailedWrite } from '@/db/pending-writes';
import type { SpotterDatabase } from '@/db/types';
import { useLiveSource } from '@/db/use-live-query';

export interface RefusedProfileWrite {
  key: string;
  /** `privacy` / `picture`: the refused update changed the visibility / the profile picture alone. */
  kind: 'profile' | 'privacy' | 'picture';
  at: string;
}

function kindOf(write: FailedWrite): RefusedProfileWrite['kind'] {
  const values = write.request?.type === 'update' ? Object.keys(write.request.values) : [];
  if (values.length !== 1) return 'profile';
  if (values[0] === 'visibility') return 'privacy';
  return values[0] === 'profile_picture_url' ? 'picture' : 'profile';
}

export function useRefusedProfileWrites(
  db: SpotterDatabase,
  userId: string,
): { refused: readonly RefusedProfileWrite[]; dismiss: (key: string) => Promise<void> } {
  const refused =
    useLiveSource(() => {
      const keys = new Set([`profiles:${userId}`, `profile_details:${userId}`]);
      return pending$(db).pipe(
        map((state) =>
          state.failed
            .filter((write) => keys.has(write.key))
            .map((write) => ({ key: write.key, kind: kindOf(write), at: write.error.at })),
        ),
      );
    }, [db, userId]) ?? EMPTY;
  return useMemo(() => ({ refused, dismiss: (key: string) => dismissFailedWrite(db, key) }), [refused, db]);
}

const EMPTY: readonly RefusedProfileWrite[] = [];
