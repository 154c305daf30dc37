// The calendar's own date shapes, written by the shared formatter (src/lib/time-format.ts) in the user's
// locale (language and region, from `useFormatLocale`). ISO days are read in UTC there, so the device's
// zone never moves one to the neighbouring day. Times of day come from `formatClockTime` directly.
import { formatDay, formatDayRange } from '@/lib/time-format';

export const formatLongDay = (day: string, locale: string) =>
  formatDay(day, locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

export const formatMonth = (day: string, locale: string) =>
  formatDay(day, locale, { month: 'long', year: 'numeric' });

export const formatRange = (from: string, to: string, locale: string) =>
  formatDayRange(from, to, locale, { day: 'numeric', month: 'short', year: 'numeric' });

/** Short weekday name of 0 Sunday .. 6 Saturday (2026-11-22 was a Sunday; a pure calendar fact). */
export function weekdayName(weekday: number, locale: string, width: 'short' | 'narrow' | 'long'): string {
  return formatDay(`2026-11-${String(22 + weekday).padStart(2, '0')}`, locale, { weekday: width });
}
