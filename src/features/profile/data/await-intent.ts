// Waiting a moment for a queued intent's answer, so that an online send can say at once what became of
// it (the dialog shows a refusal under the field) while an offline one is simply on its way.
import { filter, firstValueFrom, map, race, timer } from 'rxjs';
import { pending$ } from '@/db/pending-writes';
import type { SpotterDatabase } from '@/db/types';

export type IntentWait = { status: 'applied' } | { status: 'refused'; code: string } | { status: 'pending' };

/** Resolves once the entry left the ledger (applied, or refused: then in `failed`) or after `ms`. */
export function awaitIntent(db: SpotterDatabase, key: string, ms: number): Promise<IntentWait> {
  const settled$ = pending$(db).pipe(
    filter((state) => state.entries[key] === undefined),
    map((state): IntentWait => {
      const failure = state.failed.find((f) => f.key === key);
      return failure ? { status: 'refused', code: failure.error.code } : { status: 'applied' };
    }),
  );
  return firstValueFrom(race(settled$, timer(ms).pipe(map((): IntentWait => ({ status: 'pending' })))));
}
