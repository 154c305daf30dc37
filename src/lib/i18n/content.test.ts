// The content contract of the catalogue namespaces (challenges, motivation, achievements): every id the
// reference data (supabase/migrations/20261126170000_reference_data.sql) puts in the database has its
// text in every language, and the counts the spec fixes (93 login messages,
// about 90 rest-day and streak messages) hold. `npm run i18n:check` covers key parity and plural forms; this
// covers what the keys must be. The files are read through Vite (`?raw`, `import.meta.glob`) rather than
// node:fs because src is type-checked with browser types only.
import { describe, expect, it } from 'vitest';
import seedSql from '../../../supabase/migrations/20261126170000_reference_data.sql?raw';

const LANGUAGES = ['en', 'de', 'it'] as const;
type Language = (typeof LANGUAGES)[number];
type Tree = Record<string, unknown>;

const files = import.meta.glob<Tree>('/locales/*/{challenges,motivation,achievements}.json', {
  eager: true,
  import: 'default',
});

function namespace(language: Language, name: string): Tree {
  const tree = files[`/locales/${language}/${name}.json`];
  if (tree === undefined) throw new Error(`locales/${language}/${name}.json is missing`);
  return tree;
}

function isTree(value: unknown): value is Tree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function child(tree: Tree, key: string): Tree {
  const value = tree[key];
  if (!isTree(value)) throw new Error(`${key} is not an object`);
  return value;
}

function text(tree: Tree, key: string): string {
  const value = tree[key];
  if (typeof value !== 'string') throw new Error(`${key} is not a string`);
  return value;
}

/** A list stored as an object keyed "0".."n-1" or "1".."n": its values, after checking the keys are exactly that run. */
function numbered(tree: Tree, first: 0 | 1): string[] {
  const keys = Object.keys(tree);
  expect(keys).toEqual(keys.map((_, index) => String(index + first)));
  return keys.map((key) => {
    const value = tree[key];
    expect(typeof value, `item ${key}`).toBe('string');
    expect(String(value).trim(), `item ${key}`).not.toBe('');
    return String(value);
  });
}

interface SeedRow {
  id: string;
  values: string[];
}

/** Rows of one `insert into public.<table> (...) values (...), ... on conflict` block of the reference data. */
function seedRows(table: string): SeedRow[] {
  const start = seedSql.indexOf(`insert into public.${table} `);
  if (start < 0) throw new Error(`the reference data migration has no insert into ${table}`);
  const end = seedSql.indexOf('on conflict', start);
  const block = seedSql.slice(start, end);
  const rows: SeedRow[] = [];
  for (const line of block.split('\n')) {
    const match = /^\s*\((.*)\),?\s*$/.exec(line);
    if (match?.[1] === undefined) continue;
    // Values are quoted strings ('' escapes a quote) or bare numbers.
    const values = [...match[1].matchAll(/'((?:[^']|'')*)'|(-?\d+)/g)].map(
      (value) => value[1]?.replaceAll("''", "'") ?? value[2] ?? '',
    );
    const [id] = values;
    if (id !== undefined) rows.push({ id, values });
  }
  return rows;
}

const challengeRows = seedRows('daily_challenges');
const achievementRows = seedRows('achievements');

describe('seed parsing', () => {
  it('finds the whole challenge catalogue and the achievements', () => {
    // 37 ids: the spec's catalogue, its two {hash} entries filled in by the seed.
    expect(challengeRows).toHaveLength(37);
    expect(challengeRows.map((row) => row.id)).toContain('plank_60s');
    expect(challengeRows.map((row) => row.id)).toContain('hollow_hold_30s');
    expect(achievementRows.length).toBeGreaterThanOrEqual(15);
    expect(new Set(challengeRows.map((row) => row.id)).size).toBe(challengeRows.length);
  });
});

describe('challenges namespace', () => {
  for (const language of LANGUAGES) {
    describe(language, () => {
      const challenges = namespace(language, 'challenges');

      it.each(challengeRows.map((row) => row.id))('%s has the full catalogue entry', (id) => {
        const entry = child(challenges, id);
        expect(text(entry, 'title').trim()).not.toBe('');
        expect(text(entry, 'description').trim()).not.toBe('');
        const steps = numbered(child(entry, 'instructions'), 1);
        expect(steps.length).toBeGreaterThanOrEqual(3);
        expect(steps.length).toBeLessThanOrEqual(6);
        const tips = numbered(child(entry, 'tips'), 1);
        expect(tips.length).toBeGreaterThanOrEqual(2);
        expect(tips.length).toBeLessThanOrEqual(4);
        const muscles = numbered(child(entry, 'muscles'), 1);
        expect(muscles.length).toBeGreaterThanOrEqual(1);
        expect(muscles.length).toBeLessThanOrEqual(5);
      });

      it.each(challengeRows.map((row) => row.id))(
        '%s names the duration or count of its id in the title or description',
        (id) => {
          const entry = child(challenges, id);
          const shown = `${text(entry, 'title')} ${text(entry, 'description')}`;
          const numbers = id.match(/\d+/g) ?? [];
          expect(numbers.length).toBeGreaterThan(0);
          for (const number of numbers) expect(shown).toMatch(new RegExp(`(^|\\D)${number}(\\D|$)`));
        },
      );

      it('has no entry for an id the seed does not know (besides the card text)', () => {
        const ids = new Set(challengeRows.map((row) => row.id));
        expect(Object.keys(challenges).filter((key) => key !== 'card' && !ids.has(key))).toEqual([]);
      });

      it('has the card text with the plural forms of the language', () => {
        const card = child(challenges, 'card');
        for (const key of ['start', 'pause', 'reset', 'claim', 'claiming', 'completed']) {
          expect(text(card, key).trim(), key).not.toBe('');
        }
        const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
        for (const category of categories) {
          expect(text(card, `points_${category}`)).toContain('{{count}}');
        }
        expect(text(child(card, 'timer'), 'label').trim()).not.toBe('');
      });
    });
  }

  it('English: the seed wording, the default plank and the per-side and total counts', () => {
    const challenges = namespace('en', 'challenges');
    for (const { id, values } of challengeRows) {
      const entry = child(challenges, id);
      expect(text(entry, 'title'), id).toBe(values[1]);
      expect(text(entry, 'description'), id).toBe(values[2]);
      const all = [
        text(entry, 'title'),
        text(entry, 'description'),
        ...numbered(child(entry, 'instructions'), 1),
      ].join(' ');
      if (id.endsWith('_each')) expect(all, id).toMatch(/\b(per|each) (side|leg)\b/);
      if (id.endsWith('_total')) expect(all, id).toMatch(/\bin total\b|\(total\)/);
    }
    const card = child(challenges, 'card');
    expect(text(card, 'defaultName')).toBe('60s Plank');
    expect(text(card, 'defaultDescription')).toBe('Hold a plank for 60 seconds');
  });
});

describe('motivation namespace', () => {
  const STREAK_GROUPS = ['start', 'week', 'threeWeeks', 'month', 'twoMonths'];

  for (const language of LANGUAGES) {
    describe(language, () => {
      const motivation = namespace(language, 'motivation');

      it('has exactly 93 login-animation messages and the animation labels', () => {
        const login = child(motivation, 'login');
        const messages = numbered(child(login, 'messages'), 0);
        expect(messages).toHaveLength(93);
        expect(new Set(messages).size).toBe(93);
        for (const key of ['fallback', 'dayStreak', 'daysStreak', 'tapToSkip', 'clickToSkip']) {
          expect(text(login, key).trim(), key).not.toBe('');
        }
      });

      it('has about 90 distinct rest-day messages', () => {
        const messages = numbered(child(child(motivation, 'restDay'), 'messages'), 0);
        expect(messages.length).toBeGreaterThanOrEqual(85);
        expect(new Set(messages).size).toBe(messages.length);
      });

      it('has about 90 streak messages in every length group', () => {
        const streak = child(motivation, 'streak');
        let total = 0;
        for (const group of STREAK_GROUPS) {
          const messages = numbered(child(streak, group), 0);
          expect(messages.length, group).toBeGreaterThan(0);
          total += messages.length;
        }
        expect(total).toBeGreaterThanOrEqual(85);
      });

      it('names rest-day XP as the spec does: XP in English, EP in German and Italian', () => {
        const restDay = child(motivation, 'restDay');
        const unit = language === 'en' ? 'XP' : 'EP';
        expect(text(restDay, 'xp')).toBe(`+10 ${unit}`);
        const messages = numbered(child(restDay, 'messages'), 0).join('\n');
        if (language !== 'en') expect(messages).not.toMatch(/\bXP\b/);
      });
    });
  }
});

describe('achievements namespace', () => {
  for (const language of LANGUAGES) {
    describe(language, () => {
      const achievements = namespace(language, 'achievements');
      const items = child(achievements, 'items');

      it.each(achievementRows.map((row) => [row.id, Number(row.values[4])] as const))(
        '%s has a title and description (threshold %d)',
        (id, threshold) => {
          const entry = child(items, id);
          expect(text(entry, 'title').trim()).not.toBe('');
          const description = text(entry, 'description');
          expect(description.trim()).not.toBe('');
          if (threshold > 1) expect(description).toContain('{{threshold}}');
        },
      );

      it('has the status, progress and next-goal text', () => {
        expect(text(achievements, 'locked').trim()).not.toBe('');
        expect(text(achievements, 'unlocked').trim()).not.toBe('');
        expect(text(achievements, 'progress')).toMatch(/\{\{current\}\}.*\{\{target\}\}/);
        const nextGoal = child(achievements, 'nextGoal');
        expect(text(nextGoal, 'nextLevel').trim()).not.toBe('');
        expect(text(nextGoal, 'nextAchievement').trim()).not.toBe('');
      });
    });
  }
});
