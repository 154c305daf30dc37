/**
 * Calendar days for tests, built from the clock the tests run under. CI runs the suite today in UTC,
 * today at UTC+14 (Pacific/Kiritimati) and 400 days ahead at UTC-10 (Pacific/Honolulu), with the clock of
 * Node, PGlite, PostgreSQL and Chromium moved together: a fixed date that meets one of those clocks (the
 * server's "today", a planning window, a reminder) changes meaning with the day the suite runs. Dates that
 * never meet a clock (pure calendar arithmetic, a parser) may stay fixed.
 */
import { addDays, todayIn } from '../../../src/domain/dates';

/** Today in `zone` (the user's zone; UTC by default, the zone of users created without one). */
export function today(zone = 'UTC', now: Date = new Date()): string {
  return todayIn(zone, now);
}

/** The day `offset` days from today in `zone` (negative for the past). */
export function dayFromToday(offset: number, zone = 'UTC', now: Date = new Date()): string {
  return addDays(todayIn(zone, now), offset);
}

/** `count` consecutive days starting `offset` days from today in `zone`. */
export function daysFromToday(offset: number, count: number, zone = 'UTC', now: Date = new Date()): string[] {
  const first = dayFromToday(offset, zone, now);
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}
