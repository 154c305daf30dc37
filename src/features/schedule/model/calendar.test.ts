// @clock-sensitive: today, weeks and months
import { describe, expect, it } from 'vitest';
import {
  isInPeriod,
  monthCells,
  shiftAnchor,
  visibleRange,
  weekCells,
  weekdayOrder,
  weekStartFor,
} from './calendar';

describe('weekStartFor', () => {
  it('follows the locale’s week data: Sunday in the US, Monday in Germany, Italy and Britain', () => {
    expect(weekStartFor('en-US')).toBe(0);
    expect(weekStartFor('en')).toBe(0);
    expect(weekStartFor('de')).toBe(1);
    expect(weekStartFor('de-DE')).toBe(1);
    expect(weekStartFor('it')).toBe(1);
    expect(weekStartFor('en-GB')).toBe(1);
  });

  it('falls back by language for a tag Intl rejects', () => {
    expect(weekStartFor('de-!!')).toBe(1);
    expect(weekStartFor('en-!!')).toBe(0);
  });
});

describe('weekCells', () => {
  it('gives seven days from the week start, with the today marker', () => {
    // 2026-11-22 is a Sunday.
    const monday = weekCells('2026-11-22', 1, '2026-11-20');
    expect(monday.map((c) => c.day)).toEqual([
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
    ]);
    expect(monday.filter((c) => c.isToday).map((c) => c.day)).toEqual(['2026-11-20']);
    expect(monday[0]?.weekday).toBe(1);
    expect(monday.filter((c) => c.isPast)).toHaveLength(4);

    const sunday = weekCells('2026-11-22', 0, '2026-11-22');
    expect(sunday[0]).toMatchObject({ day: '2026-11-22', weekday: 0, isToday: true, inPeriod: true });
    expect(sunday[6]?.day).toBe('2026-11-28');
  });

  it('crosses years and daylight-saving weekends without losing a day', () => {
    expect(weekCells('2026-12-31', 1, '2000-01-01').map((c) => c.day)).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    // Europe switches clocks on 2026-10-25.
    expect(weekCells('2026-10-25', 1, '2000-01-01').map((c) => c.day.slice(8))).toEqual([
      '19',
      '20',
      '21',
      '22',
      '23',
      '24',
      '25',
    ]);
  });
});

describe('monthCells', () => {
  it('covers the month in whole weeks and marks the neighbours', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const monday = monthCells('2026-11-15', 1, '2026-11-22');
    expect(monday).toHaveLength(42);
    expect(monday[0]).toMatchObject({ day: '2026-10-26', inPeriod: false });
    expect(monday[6]).toMatchObject({ day: '2026-11-01', inPeriod: true });
    expect(monday.at(-1)).toMatchObject({ day: '2026-12-06', inPeriod: false });
    expect(monday.filter((c) => c.inPeriod)).toHaveLength(30);
    expect(monday.filter((c) => c.isToday).map((c) => c.day)).toEqual(['2026-11-22']);

    const sunday = monthCells('2026-11-15', 0, '2026-11-22');
    expect(sunday).toHaveLength(35);
    expect(sunday[0]).toMatchObject({ day: '2026-11-01', inPeriod: true });
  });

  it('has four rows for a February that fits exactly', () => {
    // February 2026 starts on a Sunday and has 28 days.
    const cells = monthCells('2026-02-10', 0, '2026-02-10');
    expect(cells).toHaveLength(28);
    expect(visibleRange(cells)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('handles leap February', () => {
    const cells = monthCells('2028-02-29', 1, '2028-02-29');
    expect(cells.filter((c) => c.inPeriod)).toHaveLength(29);
    expect(cells.length % 7).toBe(0);
  });
});

describe('shiftAnchor and isInPeriod', () => {
  it('moves by a week or a month, clamping to the month’s last day', () => {
    expect(shiftAnchor('2026-11-22', 'week', 1)).toBe('2026-11-29');
    expect(shiftAnchor('2026-11-22', 'week', -1)).toBe('2026-11-15');
    expect(shiftAnchor('2026-01-31', 'month', 1)).toBe('2026-02-28');
    expect(shiftAnchor('2026-03-31', 'month', -1)).toBe('2026-02-28');
    expect(shiftAnchor('2026-12-15', 'month', 1)).toBe('2027-01-15');
    expect(shiftAnchor('2026-01-15', 'month', -1)).toBe('2025-12-15');
  });

  it('tells whether a day is in the shown period', () => {
    expect(isInPeriod('2026-11-30', '2026-11-01', 'month', 1)).toBe(true);
    expect(isInPeriod('2026-12-01', '2026-11-01', 'month', 1)).toBe(false);
    expect(isInPeriod('2026-11-22', '2026-11-16', 'week', 1)).toBe(true);
    expect(isInPeriod('2026-11-22', '2026-11-16', 'week', 0)).toBe(false);
  });

  it('orders weekdays from the week start', () => {
    expect(weekdayOrder(1)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(weekdayOrder(0)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
