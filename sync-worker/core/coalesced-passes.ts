/**
 * One pass of some work at a time, however often it is asked for: a `kick` during a pass asks for
 * exactly one more pass after it, any number of kicks coalescing into that one. Used by the intent
 * sender (a pass sends the ledger's intents) and the settling watcher (a pass checks settling entries),
 * which are kicked by every ledger or collection change.
 */
export class CoalescedPasses {
  private running = false;
  private again = false;
  private pass: Promise<void> = Promise.resolve();

  /**
   * @param work one pass
   * @param live while false, kicks are ignored, no further pass starts, and a pass's error is dropped
   *   (the owner stopped, or its database closed under it)
   * @param onError a pass's error while live
   */
  constructor(
    private readonly work: () => Promise<void>,
    private readonly live: () => boolean,
    private readonly onError: (error: unknown) => void,
  ) {}

  kick(): void {
    if (!this.live()) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    this.pass = this.loop().finally(() => {
      this.running = false;
    });
  }

  /** Resolves after the pass that is running (if any) ends. */
  idle(): Promise<void> {
    return this.pass;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.work();
      } catch (error) {
        if (this.live()) this.onError(error);
      }
    } while (this.again && this.live());
  }
}
