import type { PendingState } from '@/db/pending-writes';

/** Which day-boundary line /schedule shows (locales: schedule.dayBoundary.*). */
export type DayBoundary =
  /** The profile's zone is this device's: days end at midnight here. */
  | { kind: 'device'; zone: string }
  /** The device's zone is set locally but not synced yet: the server still judges days in `previous`. */
  | { kind: 'pending'; zone: string; previous: string }
  /** The profile's zone is not this device's yet (the app is about to update it). */
  | { kind: 'profile'; zone: string; device: string };

/**
 * The zone the streak's days follow, as this device knows it: the profile's (the app keeps it on the
 * device's zone, src/lib/device-zone.ts), and while that change waits for the server, the zone
 * the server still uses (the pending update's `previous` value).
 */
export function dayBoundary(
  profileZone: string,
  deviceZone: string | null,
  pending: PendingState | undefined,
  userId: string,
): DayBoundary {
  const entry = pending?.entries[`profiles:${userId}`];
  const previous = entry?.patch && 'timezone' in entry.patch ? entry.previous?.['timezone'] : undefined;
  if (typeof previous === 'string' && previous !== profileZone) {
    return { kind: 'pending', zone: profileZone, previous };
  }
  if (deviceZone === null || deviceZone === profileZone) return { kind: 'device', zone: profileZone };
  return { kind: 'profile', zone: profileZone, device: deviceZone };
}
