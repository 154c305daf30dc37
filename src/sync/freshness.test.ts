// @clock-sensitive: freshness against the clock
// Refresh on focus: a resync when the window regains focus and the last sync is older than 5 minutes.
import { describe, expect, it } from 'vitest';
import { isStale, refreshOnFocus } from './freshness';

describe('refresh on focus', () => {
  it('resyncs on focus only when the last sync is older than 5 minutes', () => {
    const target = new EventTarget();
    let last: string | null = '2026-11-22T10:00:00.000Z';
    let now = Date.parse('2026-11-22T10:05:00.000Z');
    let calls = 0;
    const off = refreshOnFocus({
      target: target,
      lastSyncedAt: () => last,
      syncNow: () => calls++,
      now: () => now,
    });
    target.dispatchEvent(new Event('focus'));
    expect(calls).toBe(0);
    now += 1;
    target.dispatchEvent(new Event('focus'));
    expect(calls).toBe(1);
    last = null;
    target.dispatchEvent(new Event('focus'));
    expect(calls).toBe(2);
    off();
    target.dispatchEvent(new Event('focus'));
    expect(calls).toBe(2);
    expect(isStale('not a date', now)).toBe(true);
  });
});
