// @clock-sensitive: days, weeks and zones
import { describe, it, expect, vi } from 'vitest';
import {
  addDays,
  dayOfYear,
  daysBetween,
  isIsoDay,
  isValidTimeZone,
  resolveTimeZone,
  startOfWeek,
  todayIn,
  utcDay,
  weekdayOf,
} from './dates';

describe('isIsoDay', () => {
  it('accepts real calendar dates', () => {
    for (const d of ['2026-01-01', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31', '2026-04-30']) {
      expect(isIsoDay(d), d).toBe(true);
    }
  });

  it('refuses impossible dates, other shapes and non-strings', () => {
    for (const d of [
      '2023-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0000-01-01',
      '2026-1-01',
      '26-01-01',
      '2026-01-01T00:00:00Z',
      ' 2026-01-01',
      '2026/01/01',
      '',
    ]) {
      expect(isIsoDay(d), d).toBe(false);
    }
    expect(isIsoDay(null)).toBe(false);
    expect(isIsoDay(20260101)).toBe(false);
  });
});

describe('addDays', () => {
  it('moves across month, year and leap-day boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-02-29', 1)).toBe('2024-03-01');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-05-05', 0)).toBe('2026-05-05');
    expect(addDays('2026-01-01', 365)).toBe('2027-01-01');
    expect(addDays('2000-01-01', 146097)).toBe('2400-01-01');
  });

  it('is unaffected by daylight-saving nights (one calendar day, not 24 hours)', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29'); // Europe spring forward is 29 March 2026
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26'); // Europe fall back
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09'); // US spring forward
    expect(addDays('2026-11-01', -1)).toBe('2026-10-31'); // US fall back
  });

  it('agrees with UTC date arithmetic for every day over several years', () => {
    let day = '2019-12-25';
    let ms = Date.UTC(2019, 11, 25);
    for (let i = 0; i < 3000; i++) {
      expect(day).toBe(new Date(ms).toISOString().slice(0, 10));
      day = addDays(day, 1);
      ms += 86_400_000; // fine in UTC, which has no daylight saving
    }
  });

  it('throws on bad input', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('2026-02-01', 1.5)).toThrow(RangeError);
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('0001-01-01', -1)).toThrow(RangeError);
  });
});

describe('daysBetween', () => {
  it('counts calendar days, signed', () => {
    expect(daysBetween('2026-01-01', '2026-01-01')).toBe(0);
    expect(daysBetween('2026-01-01', '2026-01-02')).toBe(1);
    expect(daysBetween('2026-01-02', '2026-01-01')).toBe(-1);
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
  });

  it('is the inverse of addDays', () => {
    for (const n of [-800, -31, -1, 0, 1, 59, 366, 10_000]) {
      expect(daysBetween('2026-02-14', addDays('2026-02-14', n))).toBe(n);
    }
  });

  it('throws on bad days', () => {
    expect(() => daysBetween('2026-01-01', 'tomorrow')).toThrow(RangeError);
  });
});

describe('utcDay', () => {
  it('gives the UTC calendar date', () => {
    expect(utcDay(new Date('2026-03-29T00:30:00+02:00'))).toBe('2026-03-28');
    expect(utcDay(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12-31');
    expect(utcDay(new Date('2027-01-01T00:00:00.000Z'))).toBe('2027-01-01');
  });

  it('throws on an invalid Date', () => {
    expect(() => utcDay(new Date('nope'))).toThrow(RangeError);
  });
});

describe('todayIn', () => {
  it('gives the wall-calendar date in the zone', () => {
    const instant = new Date('2026-07-01T22:30:00Z');
    expect(todayIn('UTC', instant)).toBe('2026-07-01');
    expect(todayIn('Europe/Berlin', instant)).toBe('2026-07-02'); // 00:30 CEST
    expect(todayIn('America/New_York', instant)).toBe('2026-07-01'); // 18:30 EDT
    expect(todayIn('Pacific/Auckland', instant)).toBe('2026-07-02'); // 10:30 NZST
    expect(todayIn('Pacific/Honolulu', instant)).toBe('2026-07-01'); // 12:30 HST
    expect(todayIn('Pacific/Kiritimati', instant)).toBe('2026-07-02'); // 12:30 next day, UTC+14
  });

  it('turns over at local midnight across DST changes', () => {
    // Berlin, spring forward on 29 March 2026 (02:00 -> 03:00)
    expect(todayIn('Europe/Berlin', new Date('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
    expect(todayIn('Europe/Berlin', new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(todayIn('Europe/Berlin', new Date('2026-03-29T21:59:59Z'))).toBe('2026-03-29'); // 23:59:59 CEST
    expect(todayIn('Europe/Berlin', new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    // New York, fall back on 1 November 2026 (02:00 -> 01:00)
    expect(todayIn('America/New_York', new Date('2026-11-01T03:59:59Z'))).toBe('2026-10-31');
    expect(todayIn('America/New_York', new Date('2026-11-01T04:00:00Z'))).toBe('2026-11-01');
    expect(todayIn('America/New_York', new Date('2026-11-02T04:59:59Z'))).toBe('2026-11-01'); // 23:59:59 EST
    expect(todayIn('America/New_York', new Date('2026-11-02T05:00:00Z'))).toBe('2026-11-02');
  });

  it('throws for an unknown zone or an invalid Date', () => {
    expect(() => todayIn('Mars/Olympus_Mons', new Date())).toThrow(RangeError);
    expect(() => todayIn('UTC', new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('isValidTimeZone', () => {
  it('knows IANA zones and refuses others', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Nowhere/Land')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
  });
});

describe('resolveTimeZone', () => {
  it('keeps a valid preferred zone', () => {
    expect(resolveTimeZone('Pacific/Auckland')).toBe('Pacific/Auckland');
  });

  it('falls back to the device zone (valid) for missing or unknown zones', () => {
    const device = resolveTimeZone(undefined);
    expect(isValidTimeZone(device)).toBe(true);
    expect(resolveTimeZone(null)).toBe(device);
    expect(resolveTimeZone('Not/A_Zone')).toBe(device);
    expect(resolveTimeZone('')).toBe(device);
  });

  it('reads the device zone again after a second, not on every call', () => {
    const start = Date.now();
    vi.useFakeTimers({ now: start, toFake: ['Date'] });
    const reads = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
    try {
      vi.setSystemTime(start + 10_000); // past any earlier test's read
      for (let i = 0; i < 50; i++) resolveTimeZone(null);
      expect(reads).toHaveBeenCalledTimes(1);
      vi.setSystemTime(start + 11_500);
      resolveTimeZone(null);
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe('dayOfYear', () => {
  it('counts from 1 January', () => {
    expect(dayOfYear('2026-01-01')).toBe(1);
    expect(dayOfYear('2026-02-01')).toBe(32);
    expect(dayOfYear('2026-12-31')).toBe(365);
    expect(dayOfYear('2024-12-31')).toBe(366);
    expect(dayOfYear('2024-03-01')).toBe(61);
  });
});

describe('weekdayOf and startOfWeek', () => {
  it('knows the weekday', () => {
    expect(weekdayOf('1970-01-01')).toBe(4); // Thursday
    expect(weekdayOf('2026-03-29')).toBe(0); // Sunday (Europe's spring forward)
    expect(weekdayOf('2026-06-15')).toBe(1); // Monday
    expect(weekdayOf('1969-12-31')).toBe(3); // Wednesday, before the epoch
    expect(weekdayOf('2000-02-29')).toBe(2); // Tuesday
  });

  it('finds the start of the week, Monday by default', () => {
    expect(startOfWeek('2026-06-15')).toBe('2026-06-15');
    expect(startOfWeek('2026-06-21')).toBe('2026-06-15');
    expect(startOfWeek('2026-06-14')).toBe('2026-06-08');
    expect(startOfWeek('2026-06-17', 0)).toBe('2026-06-14');
    expect(startOfWeek('2026-01-01')).toBe('2025-12-29');
    expect(() => startOfWeek('2026-06-17', 7)).toThrow(RangeError);
  });
});
