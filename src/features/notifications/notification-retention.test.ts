import { describe, expect, it } from 'vitest';
import {
  READ_NOTIFICATION_RETENTION_DAYS,
  readRetentionCutoff,
  withinRetention,
} from './notification-retention';

// Fixed instants: nothing here reads the clock.
const NOW = new Date('2026-12-07T11:20:30.000Z');
const daysBefore = (days: number, extraMs = 0) =>
  new Date(NOW.getTime() - days * 86_400_000 + extraMs).toISOString();

describe('notification retention on the device', () => {
  it('the cutoff is 90 days back, rounded up to the whole hour (it changes once an hour)', () => {
    expect(READ_NOTIFICATION_RETENTION_DAYS).toBe(90);
    expect(new Date(readRetentionCutoff(NOW)).toISOString()).toBe('2026-09-08T12:00:00.000Z');
    expect(readRetentionCutoff(new Date('2026-12-07T11:59:59.999Z'))).toBe(readRetentionCutoff(NOW));
    expect(readRetentionCutoff(new Date('2026-12-07T12:00:00.000Z'))).toBe(readRetentionCutoff(NOW));
    expect(readRetentionCutoff(new Date('2026-12-07T12:00:00.001Z'))).toBeGreaterThan(
      readRetentionCutoff(NOW),
    );
  });

  it('hides read notifications past 90 days, never unread ones', () => {
    const cutoff = readRetentionCutoff(NOW);
    const row = (is_read: boolean, created_at: string) => ({ is_read, created_at });
    expect(withinRetention(row(true, daysBefore(91)), cutoff)).toBe(false);
    expect(withinRetention(row(true, daysBefore(90, -1)), cutoff)).toBe(false);
    expect(withinRetention(row(true, daysBefore(89)), cutoff)).toBe(true);
    expect(withinRetention(row(false, daysBefore(400)), cutoff)).toBe(true);
    // PostgREST's '+00:00' offsets and microseconds parse the same.
    expect(withinRetention(row(true, '2026-09-08T12:00:00.000001+00:00'), cutoff)).toBe(true);
    expect(withinRetention(row(true, '2026-09-08T11:59:59.999999+00:00'), cutoff)).toBe(false);
  });
});
