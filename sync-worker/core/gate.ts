/**
 * The gate every pull and push passes before it calls the server: open when the device is online, the
 * page has given an access token that has not been refused, and no earlier failure asked to wait for a
 * nudge. Holding the requests here (instead of letting RxDB retry every few seconds) keeps an offline
 * device quiet and keeps the service worker's queue from filling with copies of the same push.
 */
export class SyncGate {
  private online = true;
  private accessToken: string | null = null;
  /** The server refused this token (401): wait for a different one. */
  private refusedToken: string | null = null;
  /** A request failed for lack of network or was queued: wait for online / syncNow / the timer. */
  private held = false;
  private closed = false;
  private waiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private readonly listeners = new Set<() => void>();

  get token(): string | null {
    return this.accessToken;
  }

  get isOpen(): boolean {
    return (
      !this.closed &&
      this.online &&
      this.accessToken !== null &&
      this.accessToken !== this.refusedToken &&
      !this.held
    );
  }

  get needsToken(): boolean {
    return this.accessToken === null || this.accessToken === this.refusedToken;
  }

  get isHeld(): boolean {
    return this.held;
  }

  /** Resolves when the gate is open; rejects when the gate is closed for good (the session stopped). */
  wait(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('sync stopped'));
    if (this.isOpen) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  setOnline(online: boolean): void {
    this.online = online;
    if (online) this.held = false;
    this.changed();
  }

  setToken(token: string | null): void {
    this.accessToken = token;
    if (token !== null) this.held = false;
    this.changed();
  }

  /** The server answered 401 to a request made with `token`. */
  refuse(token: string | null): void {
    if (token !== null && token === this.accessToken) this.refusedToken = token;
    this.changed();
  }

  hold(): void {
    this.held = true;
    this.changed();
  }

  /** Lets held requests try again (online event, syncNow, the periodic resync). */
  nudge(): void {
    if (!this.held) return;
    this.held = false;
    this.changed();
  }

  close(): void {
    this.closed = true;
    for (const w of this.waiters.splice(0)) w.reject(new Error('sync stopped'));
    this.changed();
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    if (this.isOpen) for (const w of this.waiters.splice(0)) w.resolve();
    for (const l of this.listeners) l();
  }
}
