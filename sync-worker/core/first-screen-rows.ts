/**
 * The rows of a collection the first screen (/home) needs on a new device, fetched ahead of the
 * collection's history by the first pull (first-pull.ts, issue 19 `new_device_first_screen_ms`).
 *
 * Why: the history is pulled in `(_modified, id)` order, so today's plan, usually the newest row, came
 * after all 10,000 rows of a long history (5-9 s in bench sync). The home screen's workout cards read
 * today and the days around it (today card, this week); the six-month calendar fills in with the history.
 *
 * The window is cut from the UTC day with a day to spare on either side, so it covers the user's day in
 * every zone (UTC-12 to UTC+14) without asking which zone the page shows.
 */
import { addDays, utcDay } from '../../src/domain/dates';
import type { CollectionName } from '../../src/db/schemas';

/**
 * Collections whose first page /home needs as it is (the own profile's streak and level, the settings'
 * language and theme, today's rest day): small for every user, asked for ahead of the history
 * (first-screen-lane.ts). The workouts' window below is the other first-screen request of a collection.
 */
export const FIRST_SCREEN_PAGES: ReadonlySet<CollectionName> = new Set<CollectionName>([
  'profiles',
  'user_settings',
  'rest_days',
]);

/** The first screen's requests for a lane (first-screen-lane.ts) over these collections, the feed included. */
export function firstScreenRequests(names: readonly CollectionName[], now: Date): string[] {
  return ['feed', ...names.filter((name) => readsOnFirstScreen(name, now))];
}

/** Whether /home reads the collection (its first page or a window of it is a first-screen request). */
export function readsOnFirstScreen(name: CollectionName, now: Date): boolean {
  return FIRST_SCREEN_PAGES.has(name) || firstScreenWindow(name, now) !== null;
}

/** A date column and the inclusive range of days to fetch first. */
export interface FirstScreenWindow {
  column: string;
  from: string;
  to: string;
}

/** Days before and after today the home screen shows workouts for (plus the zone margin). */
const DAYS_BEFORE = 7;
const DAYS_AFTER = 28;

export function firstScreenWindow(name: CollectionName, now: Date): FirstScreenWindow | null {
  if (name !== 'workouts') return null;
  const today = utcDay(now);
  return { column: 'date', from: addDays(today, -DAYS_BEFORE - 1), to: addDays(today, DAYS_AFTER + 1) };
}
