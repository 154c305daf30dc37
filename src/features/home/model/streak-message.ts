/**
 * Which streak message the home screen's welcome line shows (locales/<lng>/motivation.json, `streak.<band>`).
 * Messages vary with the streak's band (issue 7) and then with the day of the year; a message that names a
 * milestone ("Almost a week", "Two weeks are within reach", "100 is getting closer") is shown only on the
 * streak lengths where it is true, so a 1-day streak never reads "almost a week" (issue 37). The keys are the
 * same in every language (scripts/i18n-check.ts), so the ranges hold for all of them.
 */
export type StreakBand = 'start' | 'week' | 'threeWeeks' | 'month' | 'twoMonths';

/** Streak messages vary with the streak's length: a week, three weeks, a month, two months. */
export function streakBand(streak: number): StreakBand {
  if (streak >= 60) return 'twoMonths';
  if (streak >= 30) return 'month';
  if (streak >= 21) return 'threeWeeks';
  if (streak >= 7) return 'week';
  return 'start';
}

/** Inclusive streak lengths of the messages that name a milestone; every other message fits its band. */
export const MILESTONE_MESSAGES: Readonly<
  Record<StreakBand, Readonly<Record<string, readonly [number, number]>>>
> = {
  // "The start is the hardest part, and you're past it", "Almost a week".
  start: { '14': [3, 6], '16': [5, 6] },
  // "A full week and more", "Past the first week", "Two weeks are within reach", "Three weeks are coming up fast".
  week: { '1': [8, 20], '6': [8, 20], '10': [10, 13], '17': [17, 20] },
  // "A month is just around the corner", "The 30-day mark is calling", "Almost a month",
  // "Three weeks ago you started", "Only a few more days to a full month".
  threeWeeks: { '3': [25, 29], '8': [24, 29], '13': [26, 29], '15': [21, 23], '17': [26, 29] },
  // "Over 30 days", "Two months are on the horizon", "Eyes on 60".
  month: { '3': [31, 59], '11': [50, 59], '17': [45, 59] },
  // "Over 60 days", "100 is getting closer".
  twoMonths: { '1': [61, Infinity], '14': [80, 99] },
};

/** The key of today's message among `keys` (the band's, in catalogue order), or undefined when none fits. */
export function streakMessageKey(
  band: StreakBand,
  keys: readonly string[],
  streak: number,
  dayOfYear: number,
): string | undefined {
  const ranges = MILESTONE_MESSAGES[band];
  const fitting = keys.filter((key) => {
    const range = ranges[key];
    return range === undefined || (streak >= range[0] && streak <= range[1]);
  });
  return fitting.length > 0 ? fitting[dayOfYear % fitting.length] : undefined;
}
