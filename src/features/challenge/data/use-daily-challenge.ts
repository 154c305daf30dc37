import { useCallback, useState } from 'react';
import { useUserData } from '@/sync/user-data-context';
import { claimDailyChallenge } from '@/db/commands/daily-challenge';
import type { CommandError } from '@/db/commands/result';
import { dailyChallengeView$, type DailyChallengeView } from './daily-challenge-view';
import { useUtcToday } from '@/lib/clock';
import { useLive } from '@/sync/use-live';

export interface DailyChallengeModel {
  view: DailyChallengeView | undefined;
  claiming: boolean;
  error: CommandError | null;
  /** Claims today's challenge locally (queued for the server); false when refused. */
  claim: () => Promise<boolean>;
}

/**
 * The challenge card's data. Loading today's challenge, live completions and sending the claim belong
 * to the sync worker (local documents and intent sender); the card reads the local state and writes
 * through the claim command.
 */
export function useDailyChallenge(clock?: () => Date): DailyChallengeModel {
  const { db, userId } = useUserData();
  const today = useUtcToday(clock);
  const view = useLive((db) => dailyChallengeView$(db, userId, today), [userId, today]);
  const [claiming, setClaiming] = useState(false);
  const [error, setError] = useState<CommandError | null>(null);

  const claim = useCallback(async () => {
    setClaiming(true);
    setError(null);
    try {
      const result = await claimDailyChallenge({ db, userId, ...(clock ? { now: clock } : {}) });
      if (!result.ok) setError(result.error);
      return result.ok;
    } finally {
      setClaiming(false);
    }
  }, [db, userId, clock]);

  return { view, claiming, error, claim };
}
