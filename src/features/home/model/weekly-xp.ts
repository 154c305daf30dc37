// The weekly XP chart: the server's XP ledger (xp_events) summed per calendar week in the user's zone,
// for the last eight weeks, with the XP still waiting for the server (the local progression's
// `pendingXp`) added to the current week so the bar moves at once after a write.
import { addDays, startOfWeek, todayIn } from '@/domain/dates';

export const XP_CHART_WEEKS = 8;

export interface XpWeek {
  /** The week's first day. */
  start: string;
  xp: number;
  current: boolean;
}

export function weeklyXp(input: {
  events: Iterable<{ amount: number; created_at: string }>;
  today: string;
  timeZone: string;
  pendingXp?: number;
  weeks?: number;
  weekStartsOn?: number;
}): XpWeek[] {
  const count = input.weeks ?? XP_CHART_WEEKS;
  const weekStartsOn = input.weekStartsOn ?? 1;
  const current = startOfWeek(input.today, weekStartsOn);
  const buckets: XpWeek[] = [];
  const index = new Map<string, number>();
  for (let i = count - 1; i >= 0; i -= 1) {
    const start = addDays(current, -7 * i);
    index.set(start, buckets.length);
    buckets.push({ start, xp: 0, current: i === 0 });
  }
  for (const e of input.events) {
    const at = new Date(e.created_at);
    if (Number.isNaN(at.getTime()) || !(e.amount > 0)) continue;
    const i = index.get(startOfWeek(todayIn(input.timeZone, at), weekStartsOn));
    const bucket = i === undefined ? undefined : buckets[i];
    if (bucket) bucket.xp += e.amount;
  }
  const last = buckets[buckets.length - 1];
  if (last && input.pendingXp && input.pendingXp > 0) last.xp += input.pendingXp;
  return buckets;
}

/** The chart's scale: the largest week, never below 1 (an empty chart draws flat bars). */
export function chartMax(weeks: readonly XpWeek[]): number {
  return Math.max(1, ...weeks.map((w) => w.xp));
}
