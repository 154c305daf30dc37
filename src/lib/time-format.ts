// The one place that turns instants, ISO days and clock times into text (issue 18). Every screen formats
// through here, so the week cell, the day panel, the gym page, notifications and the feed agree.
//
// The *language* is the app's (en, de, it from i18next); the *region* comes from the browser's locale
// when the browser speaks that language: en-US writes "6:30 PM", en-GB "18:30", de and it "18:30".
// A browser locale of another language lends no region (German words with US clock rules mix badly), so
// a German interface on an en-US browser formats as plain `de`. Everything is Intl with that locale; no
// strings live in the locale files, so no keys are needed.

const formatters = new Map<string, Intl.DateTimeFormat>();
const relatives = new Map<string, Intl.RelativeTimeFormat>();

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let f = relatives.get(locale);
  if (!f) {
    f = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relatives.set(locale, f);
  }
  return f;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
}

/**
 * The locale to format with: the first browser locale of the app's language that Intl accepts (`en-GB`
 * for an `en` interface on a British browser), else the language itself (`en` formats as en-US).
 */
export function formatLocale(language: string, browser: readonly string[] = browserLanguages()): string {
  const primary = language.toLowerCase().split(/[-_]/)[0] ?? language;
  for (const code of browser) {
    const tag = code.replace(/_/g, '-');
    if (tag.toLowerCase().split('-')[0] !== primary) continue;
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf([tag]);
      if (supported) return supported;
    } catch {
      // a malformed tag (a crafted `navigator.languages` entry) lends no region
    }
  }
  return primary;
}

// The locale's own short time: "6:30 PM" and "7:01 AM" in en-US, "18:30" and "07:01" in en-GB, de and it.
const TIME: Intl.DateTimeFormatOptions = { timeStyle: 'short' };

/** An instant's time of day in `timeZone` (the device's when omitted): "6:30 PM", "18:30". */
export function formatTimeOfDay(at: Date | string, locale: string, timeZone?: string): string {
  return dateFormat(locale, { ...TIME, timeZone }).format(new Date(at));
}

/**
 * A wall-clock time as stored on a workout ('HH:MM' or 'HH:MM:SS', no zone): "6:30 PM", "18:30". Formatted
 * as that clock reading in UTC, so the device's zone can never shift it.
 */
export function formatClockTime(time: string, locale: string): string {
  const [h = '0', m = '0'] = time.split(':');
  return dateFormat(locale, { ...TIME, timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, 0, 1, Number(h), Number(m))),
  );
}

/**
 * A calendar day ('YYYY-MM-DD'), by default "Nov 26, 2026" / "26 Nov 2026" / "26.11.2026". The day is read
 * as UTC midnight and formatted in UTC, so no zone moves it to its neighbour.
 */
export function formatDay(
  day: string,
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'> = { dateStyle: 'medium' },
): string {
  return dateFormat(locale, { ...options, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

/** A range of calendar days ("23–29 Nov 2026"), read like `formatDay`. */
export function formatDayRange(
  from: string,
  to: string,
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'> = { dateStyle: 'medium' },
): string {
  return dateFormat(locale, { ...options, timeZone: 'UTC' }).formatRange(
    new Date(`${from}T00:00:00Z`),
    new Date(`${to}T00:00:00Z`),
  );
}

/** An instant's date in `timeZone` (the device's when omitted): "Nov 26, 2026". */
export function formatDate(at: Date | string | number, locale: string, timeZone?: string): string {
  return dateFormat(locale, { dateStyle: 'medium', timeZone }).format(new Date(at));
}

/** An instant's short date and time ("11/26/26, 6:30 PM", "26/11/2026, 18:30"). */
export function formatDateTime(at: Date | string | number, locale: string, timeZone?: string): string {
  return dateFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(at));
}

/** The calendar day of an instant in a zone, as a day number (days since 1970-01-01). */
function dayNumber(at: Date, timeZone: string | undefined): number {
  const parts = dateFormat('en-US', {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    timeZone,
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Math.round(Date.UTC(part('year'), part('month') - 1, part('day')) / 86_400_000);
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/**
 * How long ago (or ahead) an instant is, as the locale says it: "now" under a minute, then whole minutes
 * ("5 minutes ago", "vor 5 Minuten") and hours below a day; from a day on, calendar days in `timeZone`
 * ("yesterday", "ieri", "3 days ago"), then weeks, months and years. Parts are truncated, never rounded
 * up, so "59 minutes ago" is never shown as "1 hour ago".
 */
export function formatRelative(
  at: Date | string | number,
  now: Date | number,
  locale: string,
  timeZone?: string,
): string {
  const then = new Date(at);
  const current = new Date(now);
  const seconds = Math.round((then.getTime() - current.getTime()) / 1000);
  const abs = Math.abs(seconds);
  const rtf = relativeFormat(locale);
  if (abs < MINUTE) return rtf.format(0, 'second');
  if (abs < HOUR) return rtf.format(Math.trunc(seconds / MINUTE), 'minute');
  if (abs < DAY) return rtf.format(Math.trunc(seconds / HOUR), 'hour');
  const days = dayNumber(then, timeZone) - dayNumber(current, timeZone);
  const absDays = Math.abs(days);
  // 24 hours inside a 25-hour day (the end of summer time) can still be the same calendar day
  if (absDays === 0) return rtf.format(Math.trunc(seconds / HOUR), 'hour');
  if (absDays < 7) return rtf.format(days, 'day');
  if (absDays < 30) return rtf.format(Math.trunc(days / 7), 'week');
  if (absDays < 365) return rtf.format(Math.trunc(days / 30), 'month');
  return rtf.format(Math.trunc(days / 365), 'year');
}
