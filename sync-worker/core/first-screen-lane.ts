/**
 * The first screen's requests go ahead of everything else a new leader asks the server for (issue 19,
 * `new_device_first_screen_ms`).
 *
 * Why: on leadership every collection asked for its first page at once (a dozen requests, the feed's
 * get_feed among them), and a browser sends six at a time to one origin over HTTP/1.1. On a new device
 * with a long history the feed then waited behind pages of workouts and XP events nobody looks at yet
 * (bench sync: the first screen complete 3-4 s after sign-in). Over HTTP/2
 * the requests do not queue in the browser but still share the server's connections and the network.
 *
 * How: the lane is made with the names of the first screen's requests (the feed, and the first pages or
 * windows of the collections /home reads, first-screen-rows.ts). Each is `track`ed when sent, or
 * `skip`ped when it is not needed (the device holds the collection already, the gate was closed), and
 * everything else waits for `history()`: it resolves once every named request is answered (or failed),
 * or `capMs` after leadership (`start()`) whatever they do, so a slow feed never holds the history back
 * for long. Once open, the lane stays open: it orders a new leader's first requests, nothing after.
 */

export const FIRST_SCREEN_CAP_MS = 2_000;

export interface LaneTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: LaneTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class FirstScreenLane {
  private readonly waiting: Set<string>;
  private open = false;
  private cap: unknown = null;
  private release!: () => void;
  private readonly opened = new Promise<void>((resolve) => {
    this.release = resolve;
  });

  /** `names`: the requests to wait for (a request whose name is not among them is not waited for). */
  constructor(
    names: Iterable<string>,
    private readonly capMs = FIRST_SCREEN_CAP_MS,
    private readonly timers: LaneTimers = realTimers,
  ) {
    this.waiting = new Set(names);
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** On leadership: from now the cap counts. */
  start(): void {
    if (this.open || this.cap !== null) return;
    if (this.waiting.size === 0) this.openNow();
    else this.cap = this.timers.setTimeout(() => this.openNow(), this.capMs);
  }

  /** The named request is on its way: the lane waits for its answer (or failure). */
  track(name: string, request: Promise<unknown>): void {
    const settled = () => this.skip(name);
    request.then(settled, settled);
  }

  /** The named request is answered, failed or not needed. */
  skip(name: string): void {
    if (!this.waiting.delete(name) || this.waiting.size > 0) return;
    this.openNow();
  }

  /** Resolves when other requests may go (at once when the lane is open). */
  history(): Promise<void> {
    return this.opened;
  }

  /** Lets everything go: the first screen's requests are answered, the cap passed, or the session ends. */
  openNow(): void {
    if (this.open) return;
    this.open = true;
    if (this.cap !== null) this.timers.clearTimeout(this.cap);
    this.release();
  }
}
