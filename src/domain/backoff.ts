// Retry delays shared by the sync worker (realtime reconnects, requests held after a network failure,
// intents answered 408/429/5xx, a server's Retry-After) and the page (asking the service worker to replay
// its queue again).
import {
  NETWORK_RETRY_BASE_MS,
  NETWORK_RETRY_MAX_MS,
  REALTIME_RECONNECT_BASE_MS,
  REALTIME_RECONNECT_MAX_ATTEMPTS,
  REALTIME_RECONNECT_MAX_MS,
  RETRY_AFTER_MAX_MS,
  RETRY_DELAY_BASE_MS,
  RETRY_DELAY_MAX_MS,
} from './constants';

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
  maxAttempts: number;
}

/** The spec's point 4 / point 9: 1 s doubling, capped at 30 s, at most 5 attempts. */
export const REALTIME_BACKOFF: BackoffPolicy = {
  baseMs: REALTIME_RECONNECT_BASE_MS,
  maxMs: REALTIME_RECONNECT_MAX_MS,
  maxAttempts: REALTIME_RECONNECT_MAX_ATTEMPTS,
};

/** Delay before reconnect attempt `attempt` (1-based): base * 2^(attempt-1), capped. */
export function reconnectDelay(attempt: number, policy: BackoffPolicy = REALTIME_BACKOFF): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be >= 1, got ${attempt}`);
  return Math.min(policy.baseMs * 2 ** (attempt - 1), policy.maxMs);
}

/**
 * Requests that got no answer while the device says it is online: 2 s doubling, capped at 30 s. The
 * `online` event often comes before the network carries a request, and a signal in a basement comes and
 * goes; the next regular try (the 60 s resync, Background Sync's own retry) is much later.
 */
export const NETWORK_RETRY: BackoffPolicy = {
  baseMs: NETWORK_RETRY_BASE_MS,
  maxMs: NETWORK_RETRY_MAX_MS,
  maxAttempts: Infinity,
};

/** Intents answered 408, 429 or 5xx: 1 s doubling, capped at 30 s, until a nudge or an answer. */
export const INTENT_RETRY: BackoffPolicy = {
  baseMs: RETRY_DELAY_BASE_MS,
  maxMs: RETRY_DELAY_MAX_MS,
  maxAttempts: Infinity,
};

/** A source of numbers in [0, 1): Math.random in the product, a seeded one in tests. */
export type RandomSource = () => number;

/**
 * "Equal jitter": half the delay fixed, half random. Devices that failed together (a server restart,
 * a 503 to everyone) then spread their retries over the window instead of returning in lockstep, and
 * a retry never comes sooner than half the planned delay.
 */
export function withJitter(delayMs: number, random: RandomSource = Math.random): number {
  const half = delayMs / 2;
  return Math.round(half + half * Math.min(Math.max(random(), 0), 1));
}

/** `reconnectDelay` with jitter: the delay before retry `attempt` (1-based). */
export function jitteredDelay(
  attempt: number,
  policy: BackoffPolicy,
  random: RandomSource = Math.random,
): number {
  return withJitter(reconnectDelay(attempt, policy), random);
}

/** Answers whose Retry-After says when the server wants to be asked again. */
export const RETRY_AFTER_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/**
 * How long a `Retry-After` header asks to wait, in ms: delta-seconds ("120") or an HTTP date, never
 * negative, capped at `maxMs`. Null for no header or one that is neither (the caller's own back-off then
 * decides).
 */
export function parseRetryAfter(
  value: string | null | undefined,
  nowMs: number,
  maxMs: number = RETRY_AFTER_MAX_MS,
): number | null {
  const text = value?.trim();
  if (!text) return null;
  let ms: number;
  if (/^\d+$/.test(text)) ms = Number(text) * 1000;
  else {
    const at = Date.parse(text);
    // An HTTP date names its zone ("GMT"); a bare number with a sign or a fraction is no valid header.
    if (Number.isNaN(at) || !/[a-z]/i.test(text)) return null;
    ms = at - nowMs;
  }
  return Math.min(Math.max(ms, 0), maxMs);
}
