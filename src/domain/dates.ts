// Calendar dates as ISO day strings (`YYYY-MM-DD`).
//
// Days are added and compared on the calendar (a proleptic Gregorian day number), never by adding 24 hours
// of milliseconds: a local day is 23 or 25 hours long on daylight-saving nights, and millisecond
// arithmetic would then count a day twice or skip one. The only place a clock instant meets a time zone is
// todayIn(), which asks Intl for the wall-calendar date in the given IANA zone.

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** True for a real calendar date written `YYYY-MM-DD` (years 0001-9999; `2023-02-29` is false). */
export function isIsoDay(s: unknown): boolean {
  if (typeof s !== 'string') return false;
  const m = ISO_DAY.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function parts(day: string): { y: number; m: number; d: number } {
  if (!isIsoDay(day)) throw new RangeError(`Not an ISO day (YYYY-MM-DD): ${JSON.stringify(day)}`);
  return { y: Number(day.slice(0, 4)), m: Number(day.slice(5, 7)), d: Number(day.slice(8, 10)) };
}

// Day number of a civil date (days since 1970-01-01), after Howard Hinnant's days_from_civil: the year is
// shifted to start in March so the leap day is the last day of the year.
function toDayNumber(day: string): number {
  const { y, m, d } = parts(day);
  const year = m <= 2 ? y - 1 : y;
  const era = Math.floor(year / 400);
  const yoe = year - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function fromDayNumber(n: number): string {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  const out = `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`;
  if (!isIsoDay(out)) throw new RangeError(`Date out of range (years 0001-9999): day number ${n}`);
  return out;
}

/** The day `n` calendar days after `day` (negative `n` goes back). Throws RangeError on a bad day. */
export function addDays(day: string, n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`addDays needs a whole number of days, got ${n}`);
  return fromDayNumber(toDayNumber(day) + n);
}

/** Calendar days from `a` to `b`: positive when `b` is later, 0 for the same day. */
export function daysBetween(a: string, b: string): number {
  return toDayNumber(b) - toDayNumber(a);
}

/** The UTC calendar date of an instant. */
export function utcDay(now: Date): string {
  const t = now.getTime();
  if (Number.isNaN(t)) throw new RangeError('utcDay: invalid Date');
  return `${pad(now.getUTCFullYear(), 4)}-${pad(now.getUTCMonth() + 1, 2)}-${pad(now.getUTCDate(), 2)}`;
}

// Creating a DateTimeFormat is costly (it loads zone data); keep one per zone.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws RangeError for an unknown zone.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when Intl knows `timeZone` (an IANA name such as `Europe/Berlin`, or `UTC`). */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.length === 0) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * The calendar date on a wall calendar in `timeZone` at the instant `now`. Throws RangeError for an unknown
 * zone or an invalid Date (callers pick their own fallback, e.g. the device zone or UTC).
 */
export function todayIn(timeZone: string, now: Date): string {
  if (Number.isNaN(now.getTime())) throw new RangeError('todayIn: invalid Date');
  const found: Partial<Record<'year' | 'month' | 'day', number>> = {};
  for (const p of formatterFor(timeZone).formatToParts(now)) {
    if (p.type === 'year' || p.type === 'month' || p.type === 'day') found[p.type] = Number(p.value);
  }
  const { year, month, day } = found;
  if (year === undefined || month === undefined || day === undefined) {
    throw new RangeError(`todayIn: Intl gave no date for ${timeZone}`);
  }
  const out = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  if (!isIsoDay(out)) throw new RangeError(`todayIn: date out of range: ${out}`);
  return out;
}

/**
 * A usable IANA zone: `preferred` (say, the profile's zone) if Intl knows it, else the device's zone, else
 * UTC. Use it to feed todayIn() from data that may hold a stale or mistyped zone.
 */
export function resolveTimeZone(preferred?: string | null): string {
  if (preferred && isValidTimeZone(preferred)) return preferred;
  const device = deviceTimeZone();
  return device && isValidTimeZone(device) ? device : 'UTC';
}

/**
 * How long a read of the device's zone is reused. Building an Intl.DateTimeFormat to ask for it costs far
 * more than the formatting itself, and a home screen asks for "today" many times per render (a CPU profile
 * of /home put it first among the app's own functions); a zone change (travel) still shows within a second.
 */
const DEVICE_ZONE_REUSE_MS = 1_000;
let deviceZone: { zone: string; readAt: number } | null = null;

function deviceTimeZone(): string {
  const now = Date.now();
  if (deviceZone !== null && now >= deviceZone.readAt && now - deviceZone.readAt < DEVICE_ZONE_REUSE_MS) {
    return deviceZone.zone;
  }
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  deviceZone = { zone, readAt: now };
  return zone;
}

/** Day of the year, 1 for 1 January (366 on 31 December of a leap year). */
export function dayOfYear(day: string): number {
  return daysBetween(`${day.slice(0, 4)}-01-01`, day) + 1;
}

/** Weekday of a calendar date: 0 Sunday, 1 Monday, ... 6 Saturday (1970-01-01 was a Thursday). */
export function weekdayOf(day: string): number {
  return (((toDayNumber(day) + 4) % 7) + 7) % 7;
}

/** The first day of the week containing `day`; weeks start on Monday unless `weekStartsOn` says otherwise. */
export function startOfWeek(day: string, weekStartsOn = 1): string {
  if (!Number.isInteger(weekStartsOn) || weekStartsOn < 0 || weekStartsOn > 6) {
    throw new RangeError(`weekStartsOn must be 0..6, got ${weekStartsOn}`);
  }
  return addDays(day, -((weekdayOf(day) - weekStartsOn + 7) % 7));
}
