// Relative imports (no "@/"): the sync worker's tests and its settling watcher reach this folder too.
import { combineLatest, distinctUntilChanged, map, of, shareReplay, switchMap, type Observable } from 'rxjs';
import { dailyChallenge$, syncMeta$ } from '../local-state';
import { pending$, settlingEntries, type PendingState } from '../pending-writes';
import type { SpotterDatabase } from '../types';
import { computeLocalProgress, type LocalProgress } from './local-progress';

/**
 * The progression view model, live: recomputed whenever the own profile, own workouts or rest days,
 * the XP ledger, today's challenge or the pending writes change. Every query runs on an index (user_id first).
 * `clock` gives "today" (tests fix it).
 *
 * The own workouts, rest days and ledger are read only when they can change what is shown (issue 19,
 * `new_device_first_screen_ms`): while a write is pending or settling (its awards and the streak
 * estimate need them), and on a device that has completed a sync (where they are ready the moment a
 * write needs them). With nothing pending, the numbers are the pulled profile's (local-progress.ts).
 * So a new device shows the server's streak and level the moment its profile is pulled, instead of
 * after the first screen's queries of a history being written page by page (each page of 1,000 re-ran
 * the whole workouts and ledger queries on the page's main thread, bench sync: about half a second).
 */
export function localProgress$(
  db: SpotterDatabase,
  userId: string,
  clock: () => Date = () => new Date(),
): Observable<LocalProgress> {
  // The profile and each local document are read once, all at once, and replayed to the inner
  // subscriptions: read in turn (the ledger decision, then the profile, the ledger and the challenge
  // again) they were two round trips to IndexedDB, which a new device's sync worker keeps busy while it
  // sets up. Instrumented (bench sync new device, 2026-11-28): the ledger and the challenge now arrive
  // with the decision instead of 130-440 ms after it; the figure did not move with it, the profile's own
  // arrival from the worker being the later one.
  const shared = <T>(source: Observable<T>) => source.pipe(shareReplay({ bufferSize: 1, refCount: true }));
  const profile = shared(db.profiles.findOne(userId).$);
  const pending = shared(pending$(db));
  const challenge = shared(dailyChallenge$(db));
  const needsLedger$ = combineLatest([pending, syncMeta$(db), challenge, profile]).pipe(
    map(([state, meta]) => hasWrites(state) || meta.last_synced_at !== null),
    distinctUntilChanged(),
  );
  return needsLedger$.pipe(
    switchMap((needsLedger) =>
      combineLatest([
        profile,
        needsLedger ? db.workouts.find({ selector: { user_id: userId } }).$ : of([]),
        needsLedger ? db.rest_days.find({ selector: { user_id: userId } }).$ : of([]),
        // The whole own ledger: its sum is one of the two XP readings (local-progress.ts).
        needsLedger ? db.xp_events.find({ selector: { user_id: userId } }).$ : of([]),
        pending,
        challenge,
      ]),
    ),
    map(([profile, workouts, restDays, xpEvents, pendingState, dailyChallenge]) =>
      computeLocalProgress({
        userId,
        profile,
        workouts,
        restDays,
        xpEvents,
        pending: pendingState,
        dailyChallenge,
        now: clock(),
      }),
    ),
    // Every write to the pending-writes note (the worker's start, an acknowledgement, a write of another
    // collection) recomputes the same numbers: emitted again, each re-rendered the home cards and the
    // shell (a whole-page render in /home's 4x-throttled CPU profile).
    distinctUntilChanged(sameProgress),
  );
}

function sameProgress(a: LocalProgress, b: LocalProgress): boolean {
  return (Object.keys(a) as (keyof LocalProgress)[]).every((key) => a[key] === b[key]);
}

/** A write waiting for the server or for its effects to be pulled (any collection: a cheap, safe test). */
function hasWrites(state: PendingState): boolean {
  return Object.keys(state.entries).length > 0 || settlingEntries(state).length > 0;
}
