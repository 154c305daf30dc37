// The friends section's view of the pending-writes ledger: requests by handle on their way, removals on
// their way, and refusals that came back later (kept until dismissed, also across page loads).
import { useMemo } from 'react';
import { map } from 'rxjs';
import { dismissFailedWrite, pending$ } from '@/db/pending-writes';
import type { SpotterDatabase } from '@/db/types';
import {
  friendRefusals,
  pendingFriendWrites,
  type FriendRefusal,
  type PendingFriendWrites,
} from '../model/friend-ledger';
import { useLiveSource } from '@/db/use-live-query';

export interface FriendLedger extends PendingFriendWrites {
  refusals: readonly FriendRefusal[];
  dismiss: (key: string) => Promise<void>;
}

const EMPTY: PendingFriendWrites & { refusals: readonly FriendRefusal[] } = {
  queuedSends: [],
  removing: new Set(),
  refusals: [],
};

export function useFriendLedger(db: SpotterDatabase): FriendLedger {
  const value =
    useLiveSource(
      () =>
        pending$(db).pipe(
          map((state) => ({ ...pendingFriendWrites(state), refusals: friendRefusals(state.failed) })),
        ),
      [db],
    ) ?? EMPTY;
  return useMemo(() => ({ ...value, dismiss: (key: string) => dismissFailedWrite(db, key) }), [value, db]);
}
