/**
 * Replays the service worker's write queue after the page comes online, and again while a pass ends with
 * writes left for a transient reason (no network yet, 5xx) and the page is still online: 2 s, 4 s, 8 s,
 * 16 s, 30 s, 30 s (NETWORK_RETRY, as the sync worker's gate). The `online` event often comes before the
 * network carries a request; Background Sync's own retry after a failed pass is minutes away in Chromium.
 * After the last try the queue waits for the next `online`, page start or Background Sync.
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

  constructor(private readonly deps: ReplayRetryDeps) {}

  /** A fresh chain of tries (the `online` event, a page start). */
  start(): void {
    this.cancel();
    const generation = ++this.generation;
    void this.attempt(generation, 0);
  }

  /** Offline: nothing to try until the next `online`. */
  cancel(): void {
    this.generation += 1;
    if (this.timer !== null) this.deps.clearTimeout(this.timer);
    this.timer = null;
  }

  private async attempt(generation: number, retriesDone: number): Promise<void> {
    const summary = await this.deps.replay().catch(() => null);
    if (generation !== this.generation) return;
    if (!summary?.retryLater || retriesDone >= REPLAY_RETRIES || !this.deps.isOnline()) return;
    this.timer = this.deps.setTimeout(
      () => {
        this.timer = null;
        void this.attempt(generation, retriesDone + 1);
      },
      reconnectDelay(retriesDone + 1, NETWORK_RETRY),
    );
  }
}
