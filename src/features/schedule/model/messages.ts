// Which of the translated motivation messages (locales/<lng>/motivation.json) to show. The streak
// messages come in length groups (the spec: week, three weeks, month, two months; "start" below a week).
// The choice is deterministic for a day and count, so a re-render never swaps the text under the reader.
import { dayOfYear } from '@/domain/dates';

export type StreakGroup = 'start' | 'week' | 'threeWeeks' | 'month' | 'twoMonths';

export function streakGroup(days: number): StreakGroup {
  if (days >= 60) return 'twoMonths';
  if (days >= 30) return 'month';
  if (days >= 21) return 'threeWeeks';
  if (days >= 7) return 'week';
  return 'start';
}

/** An index into a list of `count` messages for `day`, varied by `salt` (a streak length, say). */
export function messageIndex(day: string, count: number, salt = 0): number {
  if (count <= 0) return 0;
  return (((dayOfYear(day) + salt * 7) % count) + count) % count;
}

/** Number of numbered entries ("0", "1", ...) in a translated message object. */
export function countMessages(messages: unknown): number {
  if (messages === null || typeof messages !== 'object') return 0;
  let n = 0;
  while (Object.prototype.hasOwnProperty.call(messages, String(n))) n += 1;
  return n;
}
