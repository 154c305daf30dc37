// Retry delays shared by the sync worker (realtime reconnects, requests held after a network failure) and
// the page (asking the service worker to replay its queue again).
import {
  NETWORK_RETRY_BASE_MS,
  NETWORK_RETRY_MAX_MS,
  REALTIME_RECONNECT_BASE_MS,
  REALTIME_RECONNECT_MAX_ATTEMPTS,
  REALTIME_RECONNECT_MAX_MS,
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
