import { jitteredDelay, NETWORK_RETRY, reconnectDelay } from '../../src/domain/backoff';
import type { SyncError } from './errors';

// After a request failed for lack of network while the device says it is online (the `online` event came
// before the network could carry a request, or the signal dropped for a moment), the gate lets held
// requests try again by itself: 2 s, 4 s, 8 s, 16 s, then every 30 s. Without it the next try was the
// session's 60 s timer, so a write made in a basement reached the server a minute after the signal came back.

/** A failure this long after the previous one starts the backoff again from its first step. */
const BACKOFF_RESET_MS = 2 * NETWORK_RETRY.maxMs;

export interface GateTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
  /** Spreads the network retries of many devices (jitter); without it the schedule is exact (tests). */
  random?: () => number;
}

const realTimers: GateTimers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
  random: Math.random,
};

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
  /** The self-nudge after a network failure while online, its step, and when the last one was set. */
  private retryTimer: unknown = null;
  private retryAttempt = 0;
  private lastNetworkFailureAt = -Infinity;
  /** The server's Retry-After: no request before this time (timers.now()), whatever nudges come. */
  private pausedUntil = -Infinity;
  private pauseTimer: unknown = null;
  private waiters: { resolve: () => void; reject: (e: Error) => void }[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(private readonly timers: GateTimers = realTimers) {}

  get token(): string | null {
    return this.accessToken;
  }

  get isOpen(): boolean {
    return (
      !this.closed &&
      this.online &&
      this.accessToken !== null &&
      this.accessToken !== this.refusedToken &&
      !this.held &&
      this.pauseTimer === null
    );
  }

  get needsToken(): boolean {
    return this.accessToken === null || this.accessToken === this.refusedToken;
  }

  get isHeld(): boolean {
    return this.held;
  }

  /**
   * A 429 or 503 said Retry-After: every request (pulls, pushes, intents) waits `ms` from now. A nudge
   * does not end it: the server's word is the one thing that knows when asking again can work, and
   * asking sooner only earns another refusal. A shorter pause never cuts a longer one short.
   */
  pauseFor(ms: number): void {
    if (this.closed || !(ms > 0)) return;
    const until = this.timers.now() + ms;
    if (until <= this.pausedUntil) return;
    this.pausedUntil = until;
    if (this.pauseTimer !== null) this.timers.clearTimeout(this.pauseTimer);
    this.pauseTimer = this.timers.setTimeout(() => {
      this.pauseTimer = null;
      this.changed();
    }, ms);
    this.changed();
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
    // Either way the backoff starts again: offline waits for the online event, which is fresh news.
    this.cancelRetry();
    this.retryAttempt = 0;
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

  /**
   * Holds every request until a nudge. `network`: the request got no answer at all; while the device
   * says it is online the gate nudges itself after a backoff (NETWORK_RETRY). `queued`: the service worker
   * holds the write and replays it itself, so only its outcome (or the usual nudges) lets requests go.
   */
  hold(reason: 'network' | 'queued'): void {
    this.held = true;
    if (reason === 'network' && this.online && !this.closed) this.scheduleRetry();
    this.changed();
  }

  /**
   * A request made with `token` failed: no answer, or the service worker queued it, holds every request
   * until a nudge; a 401 refuses the token until the page hands over another. Returns whether the gate
   * now holds (the request goes again once it opens); an HTTP answer is the caller's to handle.
   */
  holdFor(error: SyncError, token: string | null): boolean {
    if (error.kind === 'offline') this.hold('network');
    else if (error.kind === 'queued') this.hold('queued');
    else if (error.kind === 'auth') this.refuse(token);
    else return false;
    return true;
  }

  /**
   * Lets held requests try again (online event, syncNow, the periodic resync, a realtime message). News
   * that the network may be back: the network retry starts again from its first step.
   */
  nudge(): void {
    this.cancelRetry();
    this.retryAttempt = 0;
    this.release();
  }

  private release(): void {
    if (!this.held) return;
    this.held = false;
    this.changed();
  }

  private scheduleRetry(): void {
    if (this.retryTimer !== null) return;
    const now = this.timers.now();
    if (now - this.lastNetworkFailureAt > BACKOFF_RESET_MS) this.retryAttempt = 0;
    this.lastNetworkFailureAt = now;
    this.retryAttempt += 1;
    this.retryTimer = this.timers.setTimeout(
      () => {
        this.retryTimer = null;
        this.release();
      },
      this.timers.random
        ? jitteredDelay(this.retryAttempt, NETWORK_RETRY, this.timers.random)
        : reconnectDelay(this.retryAttempt, NETWORK_RETRY),
    );
  }

  private cancelRetry(): void {
    if (this.retryTimer === null) return;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  close(): void {
    this.closed = true;
    this.cancelRetry();
    if (this.pauseTimer !== null) this.timers.clearTimeout(this.pauseTimer);
    this.pauseTimer = null;
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
