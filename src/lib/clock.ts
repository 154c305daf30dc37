/**
 * The one clock every screen reads "now" and "today" from, so two screens never disagree about the date.
 *
 * One timer for the whole page, armed while any component listens: it fires on each whole minute of the
 * wall clock (re-aimed at every tick, so sleep and clock changes correct themselves), and the page's
 * becoming visible again re-reads at once. Every zone's midnight (and UTC's) falls on a whole minute, so a
 * date changes at midnight exactly. Dates are strings, so a tick that changes no date re-renders nothing;
 * `useNow` gives every screen the same Date until the next tick.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { challengeDateUtc } from '@/domain/challenge-date';
import { resolveTimeZone, todayIn } from '@/domain/dates';

const MINUTE_MS = 60_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;
// The time every screen shows until the next tick: read afresh at each tick, on becoming visible, and when
// the first component starts listening (a screen opened after a while starts from the real time).
let current = new Date();

function tick(): void {
  current = new Date();
  arm();
  for (const listener of [...listeners]) listener();
}

function arm(): void {
  const now = Date.now();
  timer = setTimeout(tick, (Math.floor(now / MINUTE_MS) + 1) * MINUTE_MS - now);
}

function onVisible(): void {
  if (document.visibilityState !== 'visible') return;
  current = new Date();
  for (const listener of [...listeners]) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  if (listeners.size === 1) {
    current = new Date();
    arm();
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) {
      clearTimeout(timer);
      timer = undefined;
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
    }
  };
}

const systemClock = () => new Date();

/** Today's date (`YYYY-MM-DD`) in `timeZone` (the profile's, else the device's), moving on at its midnight. */
export function useToday(timeZone: string | null | undefined, clock: () => Date = systemClock): string {
  const zone = resolveTimeZone(timeZone);
  const read = useCallback(() => todayIn(zone, clock()), [zone, clock]);
  return useSyncExternalStore(subscribe, read, read);
}

/** Today's UTC date, the daily challenge's day, moving on at UTC midnight. */
export function useUtcToday(clock: () => Date = systemClock): string {
  const read = useCallback(() => challengeDateUtc(clock()), [clock]);
  return useSyncExternalStore(subscribe, read, read);
}

const readNow = () => current;

/** The current time as of the last tick (the same Date for every screen until the next whole minute). */
export function useNow(): Date {
  return useSyncExternalStore(subscribe, readNow, readNow);
}
