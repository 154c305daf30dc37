import { INTENT_RETRY, jitteredDelay, type BackoffPolicy, type RandomSource } from '../../src/domain/backoff';

/**
 * The wait after a 408, 429 or 5xx before asking the server again: INTENT_RETRY (1 s doubling to 30 s)
 * with jitter, growing with each failure in a row. `wake()` (syncNow, online, a new token) ends a wait
 * early and starts the count again; `succeeded()` starts it again too. Used by the intent sender and the
 * row re-reader, which otherwise would each keep the same timer bookkeeping.
 */
export class RetryBackoff {
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private wakeWaiter: (() => void) | null = null;
  private readonly policy: BackoffPolicy;

  constructor(
    options: { baseMs?: number | undefined; maxMs?: number | undefined } = {},
    private readonly random: RandomSource = Math.random,
  ) {
    this.policy = {
      ...INTENT_RETRY,
      baseMs: options.baseMs ?? INTENT_RETRY.baseMs,
      maxMs: options.maxMs ?? INTENT_RETRY.maxMs,
    };
  }

  succeeded(): void {
    this.failures = 0;
  }

  /** Counts a failure and resolves after its delay, or at once on `wake()`. */
  wait(): Promise<void> {
    this.failures += 1;
    const delay = jitteredDelay(this.failures, this.policy, this.random);
    return new Promise((resolve) => {
      const done = () => {
        if (this.timer !== null) clearTimeout(this.timer);
        this.timer = null;
        this.wakeWaiter = null;
        resolve();
      };
      this.wakeWaiter = done;
      this.timer = setTimeout(done, delay);
    });
  }

  /** Ends a wait in progress (if any) and starts the count of failures again. */
  wake(): void {
    this.failures = 0;
    this.wakeWaiter?.();
  }
}
