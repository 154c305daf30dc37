// The calendar grid of /schedule as plain data: which days a week or month view shows, where a week
// starts for the user's locale, and how previous/next move the anchor day. Pure calendar arithmetic on
// ISO day strings (src/domain/dates.ts), so daylight-saving nights and time zones cannot skip a day.
import { addDays, startOfWeek, weekdayOf } from '@/domain/dates';

export type CalendarView = 'week' | 'month';

export interface DayCell {
  day: string;
  /** 0 Sunday .. 6 Saturday. */
  weekday: number;
  isToday: boolean;
  /** False for the leading and trailing days of a month grid that belong to the neighbouring months. */
  inPeriod: boolean;
  isPast: boolean;
}

/** Fallback week starts when Intl has no week data: Sunday for English (en-US), Monday for de and it. */
const FALLBACK_WEEK_START: Record<string, number> = { en: 0, de: 1, it: 1 };

interface WeekInfo {
  firstDay: number;
}
type LocaleWithWeekInfo = Intl.Locale & { getWeekInfo?: () => WeekInfo; weekInfo?: WeekInfo };

/**
 * The first day of the week (0 Sunday .. 6 Saturday) for `locale`: Intl's week data (`getWeekInfo()`, or
 * the older `weekInfo` getter) where the engine has it, otherwise the fallback of the language. Intl
 * numbers days 1 Monday .. 7 Sunday.
 */
export function weekStartFor(locale: string): number {
  const language = locale.split('-')[0]?.toLowerCase() ?? 'en';
  try {
    const intl = new Intl.Locale(locale) as LocaleWithWeekInfo;
    const info = typeof intl.getWeekInfo === 'function' ? intl.getWeekInfo() : intl.weekInfo;
    if (info && Number.isInteger(info.firstDay) && info.firstDay >= 1 && info.firstDay <= 7) {
      return info.firstDay % 7;
    }
  } catch {
    // An invalid tag: use the language's fallback below.
  }
  return FALLBACK_WEEK_START[language] ?? 1;
}

function cell(day: string, today: string, inPeriod: boolean): DayCell {
  return { day, weekday: weekdayOf(day), isToday: day === today, inPeriod, isPast: day < today };
}

/** The seven days of the week that contains `anchor`. */
export function weekCells(anchor: string, weekStart: number, today: string): DayCell[] {
  const first = startOfWeek(anchor, weekStart);
  return Array.from({ length: 7 }, (_, i) => cell(addDays(first, i), today, true));
}

export function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The first day of the month after the one containing `day`. */
function nextMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const y = month === 12 ? year + 1 : year;
  const m = month === 12 ? 1 : month + 1;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
}

/**
 * The month grid of `anchor`'s month: whole weeks from the week of the 1st to the week of the last day
 * (4 to 6 rows), days of the neighbouring months marked `inPeriod: false`.
 */
export function monthCells(anchor: string, weekStart: number, today: string): DayCell[] {
  const first = firstOfMonth(anchor);
  const following = nextMonth(first);
  const cells: DayCell[] = [];
  for (let day = startOfWeek(first, weekStart); ; day = addDays(day, 1)) {
    if (day >= following && cells.length % 7 === 0) break;
    cells.push(cell(day, today, day >= first && day < following));
  }
  return cells;
}

export function cellsFor(view: CalendarView, anchor: string, weekStart: number, today: string): DayCell[] {
  return view === 'week' ? weekCells(anchor, weekStart, today) : monthCells(anchor, weekStart, today);
}

/** The first and last day a view shows (for the range queries). */
export function visibleRange(cells: readonly DayCell[]): { from: string; to: string } {
  const from = cells[0]?.day;
  const to = cells[cells.length - 1]?.day;
  if (from === undefined || to === undefined) throw new RangeError('visibleRange: no cells');
  return { from, to };
}

/** Same day of the previous/next week, or the same day number of the previous/next month (clamped). */
export function shiftAnchor(anchor: string, view: CalendarView, direction: -1 | 1): string {
  if (view === 'week') return addDays(anchor, 7 * direction);
  const first = firstOfMonth(anchor);
  const target = direction === 1 ? nextMonth(first) : firstOfMonth(addDays(first, -1));
  const lastOfTarget = addDays(nextMonth(target), -1);
  const wanted = `${target.slice(0, 8)}${anchor.slice(8, 10)}`;
  return wanted > lastOfTarget ? lastOfTarget : wanted;
}

/** True when `day` lies in the period (week or month) that `anchor` shows. */
export function isInPeriod(day: string, anchor: string, view: CalendarView, weekStart: number): boolean {
  if (view === 'month') return day.slice(0, 7) === anchor.slice(0, 7);
  return startOfWeek(day, weekStart) === startOfWeek(anchor, weekStart);
}

/** The seven weekdays in display order (0 Sunday .. 6 Saturday). */
export function weekdayOrder(weekStart: number): number[] {
  return Array.from({ length: 7 }, (_, i) => (weekStart + i) % 7);
}
