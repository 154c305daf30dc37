import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MILESTONE_MESSAGES, streakBand, streakMessageKey, type StreakBand } from './streak-message';

const catalogue = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../../locales/en/motivation.json', import.meta.url)), 'utf8'),
) as { streak: Record<StreakBand, Record<string, string>> };

/** Every message the line can show for `streak`, over a whole year of days. */
function shown(streak: number): Set<string> {
  const band = streakBand(streak);
  const messages = catalogue.streak[band];
  const keys = Object.keys(messages);
  const texts = new Set<string>();
  for (let day = 1; day <= 366; day += 1) {
    const key = streakMessageKey(band, keys, streak, day);
    if (key !== undefined) texts.add(messages[key]!.replace('{{count}}', String(streak)));
  }
  return texts;
}

describe('the streak message', () => {
  it('never names a milestone the streak is not near', () => {
    expect([...shown(1)].filter((m) => /week|past it/i.test(m))).toEqual([
      'Day 1: one step closer to a full week.',
    ]);
    expect(shown(6)).toContain("Almost a week. Don't stop now!");
    expect(
      [...shown(7)].filter((m) => /full week and more|Past the first|Two weeks|Three weeks/.test(m)),
    ).toEqual([]);
    expect(shown(11)).toContain('Two weeks are within reach. Keep pushing.');
    expect([...shown(11)].some((m) => m.includes('Three weeks are coming'))).toBe(false);
    expect(shown(18)).toContain('18 days. Three weeks are coming up fast.');
    expect([...shown(21)].filter((m) => /month/i.test(m))).toEqual([]);
    expect(shown(28)).toContain('Almost a month. Finish strong!');
    expect([...shown(30)].some((m) => m.startsWith('Over 30'))).toBe(false);
    expect([...shown(60)].some((m) => m.startsWith('Over 60') || m.includes('100'))).toBe(false);
    expect(shown(90)).toContain('90 days. 100 is getting closer.');
    expect([...shown(120)].some((m) => m.includes('100 is getting closer'))).toBe(false);
  });

  it('always has a message, on every day, for every streak up to a year', () => {
    for (let streak = 1; streak <= 366; streak += 1)
      expect(shown(streak).size, `streak ${streak}`).toBeGreaterThan(3);
  });

  it('ranges name keys that exist and sit inside their band', () => {
    const bounds: Record<StreakBand, [number, number]> = {
      start: [1, 6],
      week: [7, 20],
      threeWeeks: [21, 29],
      month: [30, 59],
      twoMonths: [60, Infinity],
    };
    for (const [band, ranges] of Object.entries(MILESTONE_MESSAGES) as [
      StreakBand,
      Record<string, [number, number]>,
    ][]) {
      for (const [key, [from, to]] of Object.entries(ranges)) {
        expect(catalogue.streak[band][key], `${band}.${key}`).toBeDefined();
        expect(from).toBeGreaterThanOrEqual(bounds[band][0]);
        expect(to).toBeLessThanOrEqual(bounds[band][1]);
      }
    }
  });
});
