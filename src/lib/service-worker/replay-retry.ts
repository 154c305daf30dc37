/**
 * Replays the service worker's write queue after the page comes online, and again while a pass ends with
 * writes left for a transient reason (no network yet, 5xx) and the page is still online: 2 s, 4 s, 8 s,
 * 16 s, 30 s, 30 s (NETWORK_RETRY, as the sync worker's gate). The `online` event often comes before the
 * network carries a request; Background Sync's own retry after a failed pass is minutes away in Chromium.
 * After the last try the queue waits for the next `online`, page start or Background Sync. A write queued
 * while online gets tries of its own (`nudge`).
 */
import type { ReplaySummary } from '../../../service-worker/protocol';
import { NETWORK_RETRY, reconnectDelay } from '@/domain/backoff';

export const REPLAY_RETRIES = 6;

export interface ReplayRetryDeps {
  replay: () => Promise<ReplaySummary | null>;
  isOnline: () => boolean;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export class ReplayRetry {
  private timer: unknown = null;
  /** Bumped by every new start and by offline: an older chain's late answer schedules nothing. */
  private generation = 0;
  /** A pass is under way (its answer decides what follows). */
  private inFlight = false;
  /** A write was queued while that pass ran: it may have read the queue before the write was there. */
  private nudged = false;

  constructor(private readonly deps: ReplayRetryDeps) {}

  /** A fresh chain of tries (the `online` event, a page start). */
  start(): void {
    this.cancel();
    const generation = ++this.generation;
    void this.attempt(generation, 0);
  }

  /**
   * A write was queued while the page is online: its request failed in the moment between the `online`
   * event and the network carrying it (the sync worker sends what it held as soon as `online` comes), or
   * the signal carries no data. The chain that `online` started may already have found the queue empty
   * and ended, and nothing else would try before the next `online` (in Chromium, Background Sync's retry
   * is minutes away): so a try follows every such write, the first 2 s later.
   */
  nudge(): void {
    if (!this.deps.isOnline()) return;
    if (this.inFlight) {
      this.nudged = true;
      return;
    }
    if (this.timer !== null) return; // a try is already due
    const generation = ++this.generation;
    this.schedule(generation, 0);
  }

  /** Offline: nothing to try until the next `online`. */
  cancel(): void {
    this.generation += 1;
    // A pass under way belongs to the chain ended here: its answer is ignored.
    this.inFlight = false;
    this.nudged = false;
    if (this.timer !== null) this.deps.clearTimeout(this.timer);
    this.timer = null;
  }

  private async attempt(generation: number, retriesDone: number): Promise<void> {
    this.inFlight = true;
    const summary = await this.deps.replay().catch(() => null);
    if (generation !== this.generation) return;
    this.inFlight = false;
    const nudged = this.nudged;
    this.nudged = false;
    if (!this.deps.isOnline()) return;
    // A write queued during the pass starts the count again: it gets its own tries.
    if (nudged) this.schedule(generation, 0);
    else if (summary?.retryLater && retriesDone < REPLAY_RETRIES) this.schedule(generation, retriesDone);
  }

  /** The next try, after the back-off's step for `retriesDone + 1`. */
  private schedule(generation: number, retriesDone: number): void {
    this.timer = this.deps.setTimeout(
      () => {
        this.timer = null;
        void this.attempt(generation, retriesDone + 1);
      },
      reconnectDelay(retriesDone + 1, NETWORK_RETRY),
    );
  }
}
