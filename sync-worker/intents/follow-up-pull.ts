/**
 * Follow-up pulls after acknowledged pushes (issues 5 and 7): when the server accepts pushed rows of a
 * collection whose writes move XP, level or streaks (its triggers award and recount in the same
 * transaction), `profiles` and `xp_events` are pulled at once, so the settling ledger entry (which keeps
 * the local +XP and streak on screen) goes within a second or two instead of waiting for realtime or the
 * 60 s resync. The intent sender does the same for applied intents; both ask the session's `resync(names)`.
 *
 * Coalesced: RxDB reports every acknowledged row of a batch on `sent$` in one go; the pull waits
 * `delayMs` after the last acknowledgement (so a batch, or several batches arriving back to back, make
 * one pull) but never more than `maxWaitMs` after the first (a long push run makes one pull per second
 * at most). Owns its subscription and one timer; unsubscribing the returned subscription ends both.
 */
import { merge, Subscription, type Observable } from 'rxjs';
import type { CollectionName } from '../../src/db/schemas';

/**
 * Pushed collections whose acknowledged rows move progression. Only `workouts` (award for planning,
 * streak recount): `user_settings` awards nothing; rest days, check-ins and the daily challenge are
 * intents, pulled after by the intent sender (intent-effects.ts).
 */
export const PROGRESSION_PUSHES: ReadonlySet<CollectionName> = new Set<CollectionName>(['workouts']);
/** What the server changes when it awards or recounts (the settling watcher waits for these). */
export const FOLLOW_UP_COLLECTIONS: ReadonlySet<CollectionName> = new Set<CollectionName>([
  'profiles',
  'xp_events',
]);
/** Quiet time after the last acknowledgement before the pull. */
export const FOLLOW_UP_DELAY_MS = 200;
/** The longest a pull waits after the first acknowledgement it answers. */
export const FOLLOW_UP_MAX_WAIT_MS = 1_000;

/** The parts of a session's replication this needs (core/replicate-collection.ts). */
export interface PushedReplication {
  sync: { name: CollectionName; pushRpc: string | null };
  /** Every pushed row the server accepted (RxDB leaves conflicts out). */
  state: { sent$: Observable<unknown> };
}

export interface FollowUpOptions {
  delayMs?: number;
  maxWaitMs?: number;
  /**
   * Asked when the pull is due: true skips it. The session skips while its realtime channel is joined:
   * the award changes `profiles` and `xp_events` in the push's transaction, so their changes arrive
   * and are pulled anyway, and a second pull of both per write only queued ahead of other devices'
   * pulls on the server (bench sync, cross_device).
   */
  skip?: () => boolean;
}

/**
 * Pulls `FOLLOW_UP_COLLECTIONS` through `pull` after acknowledged pushes of the replications that move
 * progression. Nothing happens when none of them, or none of the followed-up collections, is replicated.
 */
export function pullAfterPushes(
  replications: readonly PushedReplication[],
  pull: (names: ReadonlySet<CollectionName>) => void,
  options: FollowUpOptions = {},
): Subscription {
  const delayMs = options.delayMs ?? FOLLOW_UP_DELAY_MS;
  const maxWaitMs = options.maxWaitMs ?? FOLLOW_UP_MAX_WAIT_MS;
  const sources = replications
    .filter((r) => r.sync.pushRpc !== null && PROGRESSION_PUSHES.has(r.sync.name))
    .map((r) => r.state.sent$);
  if (sources.length === 0 || !replications.some((r) => FOLLOW_UP_COLLECTIONS.has(r.sync.name))) {
    return new Subscription();
  }
  let timer: ReturnType<typeof setTimeout> | null = null;
  let firstAt: number | null = null;
  const fire = () => {
    timer = null;
    firstAt = null;
    if (options.skip?.() === true) return;
    pull(FOLLOW_UP_COLLECTIONS);
  };
  const subscription = merge(...sources).subscribe(() => {
    const now = Date.now();
    firstAt ??= now;
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(fire, Math.max(0, Math.min(delayMs, firstAt + maxWaitMs - now)));
  });
  subscription.add(() => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  });
  return subscription;
}
