// @clock-sensitive: times and days in zones
import { describe, expect, it } from 'vitest';
import {
  formatClockTime,
  formatDate,
  formatDateTime,
  formatDay,
  formatLocale,
  formatRelative,
  formatTimeOfDay,
} from './time-format';

// The clock under test: noon UTC of the day the suite runs, so whole-day offsets stay inside their
// calendar days in UTC whatever the hour (and faked date) of the run.
const clock = () => {
  const now = new Date();
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
};
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('formatLocale', () => {
  it('takes the region from a browser locale of the same language', () => {
    expect(formatLocale('en', ['en-GB', 'en'])).toBe('en-GB');
    expect(formatLocale('en', ['de-DE', 'en-US'])).toBe('en-US');
    expect(formatLocale('de', ['de_CH'])).toBe('de-CH');
    expect(formatLocale('de', ['en-US', 'de-AT'])).toBe('de-AT');
  });

  it('uses the bare language when the browser speaks another one or nothing usable', () => {
    expect(formatLocale('de', ['en-US'])).toBe('de');
    expect(formatLocale('it', [])).toBe('it');
    expect(formatLocale('en', ['en-<script>'])).toBe('en');
  });
});

describe('times of day', () => {
  // 18:30 and 07:01 UTC of today's clock, formatted in UTC
  const evening = new Date(clock() + 6.5 * HOUR);
  const morning = new Date(clock() - 5 * HOUR + MIN);

  it('writes 12-hour times for en-US and 24-hour times for en-GB, de and it', () => {
    expect(formatTimeOfDay(evening, 'en-US', 'UTC')).toBe('6:30 PM');
    expect(formatTimeOfDay(evening, 'en', 'UTC')).toBe('6:30 PM');
    expect(formatTimeOfDay(evening, 'en-GB', 'UTC')).toBe('18:30');
    expect(formatTimeOfDay(evening, 'de', 'UTC')).toBe('18:30');
    expect(formatTimeOfDay(evening, 'it', 'UTC')).toBe('18:30');
    // no leading zero on the hour in en-US ("07:01 AM" was the old gym page)
    expect(formatTimeOfDay(morning, 'en-US', 'UTC')).toBe('7:01 AM');
    expect(formatTimeOfDay(morning, 'en-GB', 'UTC')).toBe('07:01');
    expect(formatTimeOfDay(morning, 'de', 'UTC')).toBe('07:01');
  });

  it('reads an instant in the zone it is given', () => {
    expect(formatTimeOfDay(evening, 'de', 'Europe/Berlin')).toMatch(/^(19|20):30$/);
    expect(formatTimeOfDay(evening.toISOString(), 'en-GB', 'Pacific/Kiritimati')).toBe('08:30');
  });

  it('writes a workout clock time the same way, whatever the device zone', () => {
    expect(formatClockTime('18:30', 'en-US')).toBe('6:30 PM');
    expect(formatClockTime('18:30:00', 'en-GB')).toBe('18:30');
    expect(formatClockTime('18:30', 'de')).toBe('18:30');
    expect(formatClockTime('07:05:00', 'it')).toBe('07:05');
    expect(formatClockTime('00:00', 'en-US')).toBe('12:00 AM');
  });
});

describe('dates', () => {
  it('writes a calendar day by the region', () => {
    const day = isoDay(clock());
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    expect(formatDay(day, 'de')).toBe(`${String(d).padStart(2, '0')}.${String(m).padStart(2, '0')}.${y}`);
    expect(formatDay(day, 'en-US')).toMatch(new RegExp(`^[A-Z][a-z]{2} ${d}, ${y}$`));
    expect(formatDay(day, 'en-GB')).toMatch(new RegExp(`^${d} [A-Z][a-z]{2,3} ${y}$`));
    expect(formatDay(day, 'it')).toMatch(new RegExp(`^${d} [a-z]{3} ${y}$`));
  });

  it('writes an instant as a date and as a short date and time', () => {
    const at = clock() + 6.5 * HOUR;
    const d = new Date(at).getUTCDate();
    expect(formatDate(at, 'en-GB', 'UTC')).toMatch(new RegExp(`^${d} `));
    expect(formatDateTime(at, 'en-US', 'UTC')).toMatch(/, 6:30 PM$/);
    expect(formatDateTime(at, 'en-GB', 'UTC')).toMatch(/^\d\d\/\d\d\/\d{4}, 18:30$/);
    expect(formatDateTime(at, 'de', 'UTC')).toMatch(/^\d\d\.\d\d\.\d\d, 18:30$/);
    expect(formatDateTime(at, 'it', 'UTC')).toMatch(/^\d\d\/\d\d\/\d\d, 18:30$/);
  });
});

describe('relative times', () => {
  const now = clock();
  const rel = (offset: number, locale: string) => formatRelative(now + offset, now, locale, 'UTC');

  it('says now under a minute', () => {
    expect(rel(-20_000, 'en-US')).toBe('now');
    expect(rel(-20_000, 'de')).toBe('jetzt');
    expect(rel(-20_000, 'it')).toBe('ora');
  });

  it('counts whole minutes and hours, never rounding up', () => {
    expect(rel(-5 * MIN, 'en-US')).toBe('5 minutes ago');
    expect(rel(-5 * MIN, 'en-GB')).toBe('5 minutes ago');
    expect(rel(-5 * MIN, 'de')).toBe('vor 5 Minuten');
    expect(rel(-5 * MIN, 'it')).toBe('5 minuti fa');
    expect(rel(-59 * MIN - 50_000, 'en-US')).toBe('59 minutes ago');
    expect(rel(-3 * HOUR - 40 * MIN, 'en-US')).toBe('3 hours ago');
    expect(rel(-2 * HOUR, 'de')).toBe('vor 2 Stunden');
    expect(rel(10 * MIN, 'en-US')).toBe('in 10 minutes');
  });

  it('says yesterday for the previous calendar day, then days, weeks, months and years', () => {
    expect(rel(-DAY - HOUR, 'en-US')).toBe('yesterday');
    expect(rel(-DAY - HOUR, 'en-GB')).toBe('yesterday');
    expect(rel(-DAY - HOUR, 'de')).toBe('gestern');
    expect(rel(-DAY - HOUR, 'it')).toBe('ieri');
    expect(rel(-3 * DAY, 'en-US')).toBe('3 days ago');
    expect(rel(-15 * DAY, 'de')).toBe('vor 2 Wochen');
    expect(rel(-65 * DAY, 'it')).toBe('2 mesi fa');
    expect(rel(-800 * DAY, 'en-US')).toBe('2 years ago');
  });

  it('counts calendar days in the zone it is given', () => {
    // 30 hours before noon UTC is 06:00 UTC the day before; in Kiritimati (UTC+14) it is 20:00 the day
    // before too, while "now" is 02:00 the next day there: two calendar days apart.
    expect(rel(-30 * HOUR, 'en-US')).toBe('yesterday');
    expect(formatRelative(now - 30 * HOUR, now, 'en-US', 'Pacific/Kiritimati')).toBe('2 days ago');
  });
});
