import { useSyncExternalStore } from 'react';
import { resolveTimeZone, todayIn } from '@/domain/dates';

// A clock that ticks once a minute, for values derived from "now" (today's date, relative times):
// cheap, and it survives sleep, clock and zone changes because every tick re-reads the time.
function subscribeMinute(onChange: () => void): () => void {
  const timer = setInterval(onChange, 60_000);
  return () => clearInterval(timer);
}

/** Today in the user's zone (profile.timezone, else the device's), moving on at the next local midnight. */
export function useUserToday(timeZone: string | null | undefined): { today: string; zone: string } {
  const zone = resolveTimeZone(timeZone);
  const today = useSyncExternalStore(subscribeMinute, () => todayIn(zone, new Date()));
  return { today, zone };
}

/** The current time, rounded down to the minute (stable between ticks). */
export function useMinuteNow(): number {
  return useSyncExternalStore(subscribeMinute, () => Math.floor(Date.now() / 60_000) * 60_000);
}
