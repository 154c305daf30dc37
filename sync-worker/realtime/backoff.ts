import {
  REALTIME_RECONNECT_BASE_MS,
  REALTIME_RECONNECT_MAX_ATTEMPTS,
  REALTIME_RECONNECT_MAX_MS,
} from '../../src/domain/constants';

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
