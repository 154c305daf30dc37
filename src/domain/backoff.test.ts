// @clock-sensitive: Retry-After dates
// The shared retry delays: doubling and caps, jitter from an injected random source, and Retry-After.
import { describe, expect, it } from 'vitest';
import {
  INTENT_RETRY,
  jitteredDelay,
  NETWORK_RETRY,
  parseRetryAfter,
  reconnectDelay,
  withJitter,
} from './backoff';
import { RETRY_AFTER_MAX_MS } from './constants';

describe('reconnectDelay', () => {
  it('doubles from the base up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((a) => reconnectDelay(a, NETWORK_RETRY))).toEqual([
      2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect([1, 2, 6].map((a) => reconnectDelay(a, INTENT_RETRY))).toEqual([1000, 2000, 30000]);
  });

  it('rejects attempts below 1', () => {
    expect(() => reconnectDelay(0)).toThrow(RangeError);
  });
});

describe('withJitter', () => {
  it('keeps half the delay and spreads the other half by the random source', () => {
    expect(withJitter(1000, () => 0)).toBe(500);
    expect(withJitter(1000, () => 0.5)).toBe(750);
    expect(withJitter(1000, () => 0.999999)).toBe(1000);
  });

  it('never leaves [delay/2, delay] even for a source out of range', () => {
    expect(withJitter(1000, () => -3)).toBe(500);
    expect(withJitter(1000, () => 7)).toBe(1000);
  });

  it('applies to the doubling schedule', () => {
    expect(jitteredDelay(3, INTENT_RETRY, () => 0.5)).toBe(3000);
    expect(jitteredDelay(10, INTENT_RETRY, () => 0)).toBe(15000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2026, 10, 27, 10, 0, 0);

  it('reads delta-seconds', () => {
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    expect(parseRetryAfter(new Date(now + 5000).toUTCString(), now)).toBe(5000);
    expect(parseRetryAfter(new Date(now - 60_000).toUTCString(), now)).toBe(0);
  });

  it('caps what it honours', () => {
    expect(parseRetryAfter('86400', now)).toBe(RETRY_AFTER_MAX_MS);
    expect(parseRetryAfter(new Date(now + 86_400_000).toUTCString(), now)).toBe(RETRY_AFTER_MAX_MS);
    expect(parseRetryAfter('10', now, 2000)).toBe(2000);
  });

  it('ignores a missing or malformed header', () => {
    for (const value of [null, undefined, '', 'soon', '-5', '1.5', '+3']) {
      expect(parseRetryAfter(value, now)).toBeNull();
    }
  });
});
