// Relative imports (no "@/"): the sync worker's tests and its settling watcher reach this folder too.
import { combineLatest, map, type Observable } from 'rxjs';
import { dailyChallenge$ } from '../../../db/local-state';
import { pending$ } from '../../../db/pending-writes';
import type { SpotterDatabase } from '../../../db/types';
import { computeLocalProgress, type LocalProgress } from './local-progress';

/**
 * The progression view model, live: recomputed whenever the own profile, own workouts or rest days,
 * the XP ledger, today's challenge or the pending writes change. Every query runs on an index (user_id first).
 * `clock` gives "today" (tests fix it).
 */
export function localProgress$(
  db: SpotterDatabase,
  userId: string,
  clock: () => Date = () => new Date(),
): Observable<LocalProgress> {
  return combineLatest([
    db.profiles.findOne(userId).$,
    db.workouts.find({ selector: { user_id: userId } }).$,
    db.rest_days.find({ selector: { user_id: userId } }).$,
    // The whole own ledger: its sum is one of the two XP readings (local-progress.ts).
    db.xp_events.find({ selector: { user_id: userId } }).$,
    pending$(db),
    dailyChallenge$(db),
  ]).pipe(
    map(([profile, workouts, restDays, xpEvents, pending, dailyChallenge]) =>
      computeLocalProgress({
        userId,
        profile,
        workouts,
        restDays,
        xpEvents,
        pending,
        dailyChallenge,
        now: clock(),
      }),
    ),
  );
}
