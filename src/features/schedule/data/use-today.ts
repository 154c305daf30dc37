import { useCallback, useSyncExternalStore } from 'react';
import { resolveTimeZone, todayIn } from '@/domain/dates';

function subscribe(onChange: () => void): () => void {
  const timer = setInterval(onChange, 30_000);
  document.addEventListener('visibilitychange', onChange);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onChange);
  };
}

const systemClock = () => new Date();

/**
 * Today's date in the user's zone (the profile's, else the device's). It moves on at local midnight
 * without a reload: re-read every 30 s and when the tab becomes visible again (the snapshot is a string,
 * so nothing re-renders until the date changes).
 */
export function useToday(timeZone: string | null | undefined, clock: () => Date = systemClock): string {
  const zone = resolveTimeZone(timeZone);
  const read = useCallback(() => todayIn(zone, clock()), [zone, clock]);
  return useSyncExternalStore(subscribe, read, read);
}
