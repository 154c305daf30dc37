// Dates of the calendar in the user's language. An ISO day is formatted as UTC midnight in UTC, so the
// device's own zone can never move it to the neighbouring day.
const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    cache.set(key, f);
  }
  return f;
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`);

export const formatLongDay = (day: string, language: string) =>
  formatter(language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(utc(day));

export const formatShortDay = (day: string, language: string) =>
  formatter(language, { weekday: 'short', day: 'numeric', month: 'short' }).format(utc(day));

export const formatMonth = (day: string, language: string) =>
  formatter(language, { month: 'long', year: 'numeric' }).format(utc(day));

export const formatRange = (from: string, to: string, language: string) =>
  formatter(language, { day: 'numeric', month: 'short', year: 'numeric' }).formatRange(utc(from), utc(to));

/** Short weekday name of 0 Sunday .. 6 Saturday (2026-11-22 was a Sunday). */
export function weekdayName(weekday: number, language: string, width: 'short' | 'narrow' | 'long'): string {
  const day = `2026-11-${String(22 + weekday).padStart(2, '0')}`;
  return formatter(language, { weekday: width }).format(utc(day));
}

/** 'HH:MM[:SS]' as the language writes a time of day. */
export function formatTime(time: string, language: string): string {
  const [h = '0', m = '0'] = time.split(':');
  return formatter(language, { hour: 'numeric', minute: '2-digit' }).format(
    new Date(Date.UTC(2026, 0, 1, Number(h), Number(m))),
  );
}
