import type { NotificationDoc } from '@/db/schemas/notifications';

/**
 * Read notifications older than this are deleted by the server's retention job:
 * supabase/migrations/20261207180000_notification_retention.sql (private.prune_notifications, `interval
 * '90 days'`); keep the two equal. A device that was offline for longer than the server keeps tombstones
 * (30 days) never learns of those deletions, so the list hides such rows itself. Unread ones are never
 * deleted nor hidden, whatever their age.
 */
export const READ_NOTIFICATION_RETENTION_DAYS = 90;

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The oldest `created_at` (epoch ms) a read notification may have to be listed at `now`: 90 days back,
 * rounded up to the next whole hour. So the value changes once an hour (not at every minute's tick of the
 * clock, which would rebuild the list and its live queries), and a row is hidden at most an hour early,
 * never shown past its 90 days.
 */
export function readRetentionCutoff(now: Date): number {
  return Math.ceil((now.getTime() - READ_NOTIFICATION_RETENTION_DAYS * DAY_MS) / HOUR_MS) * HOUR_MS;
}

/** Whether the notifications list shows `n`: unread, or created at or after `cutoff` (readRetentionCutoff). */
export function withinRetention(n: Pick<NotificationDoc, 'is_read' | 'created_at'>, cutoff: number): boolean {
  return !n.is_read || Date.parse(n.created_at) >= cutoff;
}
