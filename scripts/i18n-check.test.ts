import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkLocales,
  checkTypedNamespaces,
  flatten,
  formatProblems,
  placeholders,
  readLocales,
  requiredPluralCategories,
  type Locales,
} from './i18n-check';

const options = { source: 'en', languages: ['en', 'de', 'it'] } as const;

function complete(): Locales {
  return {
    en: { common: { nav: { home: 'Home' }, greeting: 'Hi {{name}}' } },
    de: { common: { nav: { home: 'Startseite' }, greeting: 'Hallo {{name}}' } },
    it: { common: { nav: { home: 'Home' }, greeting: 'Ciao {{name}}' } },
  };
}

const kinds = (locales: Locales) =>
  checkLocales(locales, options).map((p) => `${p.kind} ${p.language}/${p.namespace}:${p.key ?? ''}`);

describe('checkLocales', () => {
  it('passes complete locales', () => {
    expect(checkLocales(complete(), options)).toEqual([]);
  });

  it('reports a key missing in a language', () => {
    const locales = complete();
    locales.de = { common: { nav: {}, greeting: 'Hallo {{name}}' } };
    expect(kinds(locales)).toEqual(['missing-key de/common:nav.home']);
    locales.de = { common: { greeting: 'Hallo {{name}}' } };
    expect(kinds(locales)).toEqual(['missing-key de/common:nav.home']);
  });

  it('reports an extra key', () => {
    const locales = complete();
    locales.it = { common: { nav: { home: 'Home', gym: 'Palestra' }, greeting: 'Ciao {{name}}' } };
    expect(kinds(locales)).toEqual(['extra-key it/common:nav.gym']);
  });

  it('reports empty and blank values, in the source language too', () => {
    const locales = complete();
    locales.en = { common: { nav: { home: '' }, greeting: 'Hi {{name}}' } };
    locales.it = { common: { nav: { home: '   ' }, greeting: 'Ciao {{name}}' } };
    expect(kinds(locales)).toEqual(['empty-value en/common:nav.home', 'empty-value it/common:nav.home']);
  });

  it('reports values that are not text', () => {
    const locales = complete();
    locales.de = { common: { nav: { home: 42 }, greeting: null } };
    expect(kinds(locales)).toEqual(['not-text de/common:nav.home', 'not-text de/common:greeting']);
  });

  it('reports a namespace file missing in a language', () => {
    const locales = complete();
    locales.en = { ...locales.en, auth: { title: 'Sign in' } };
    locales.de = { ...locales.de, auth: { title: 'Anmelden' } };
    expect(kinds(locales)).toEqual(['missing-namespace it/auth:']);
  });

  it('reports a namespace that only a translation has, and an unknown language folder', () => {
    const locales = complete();
    locales.de = { ...locales.de, stray: { a: 'b' } };
    locales.fr = { common: { nav: { home: 'Accueil' }, greeting: 'Salut {{name}}' } };
    expect(kinds(locales)).toEqual([
      'unknown-language fr/*:',
      'missing-namespace en/stray:',
      'missing-namespace it/stray:',
    ]);
  });

  it('reports placeholders that differ from the source', () => {
    const locales = complete();
    locales.de = { common: { nav: { home: 'Startseite' }, greeting: 'Hallo {{nmae}}' } };
    const [problem] = checkLocales(locales, options);
    expect(problem).toMatchObject({ kind: 'placeholder-mismatch', language: 'de', key: 'greeting' });
    expect(problem?.detail).toContain('nmae');
  });

  it('checks array items one by one', () => {
    const locales = complete();
    for (const language of ['en', 'de', 'it'] as const) {
      locales[language] = { ...locales[language], tips: { list: ['one', 'two'] } };
    }
    locales.it = { ...locales.it, tips: { list: ['uno', ''] } };
    expect(kinds(locales)).toEqual(['empty-value it/tips:list.1']);
  });

  describe('plurals', () => {
    const withPlurals = (de: Record<string, string>, it: Record<string, string>): Locales => ({
      en: { streak: { days_one: '{{count}} day', days_other: '{{count}} days' } },
      de: { streak: de },
      it: { streak: it },
    });
    const italian = {
      days_one: '{{count}} giorno',
      days_many: '{{count}} giorni',
      days_other: '{{count}} giorni',
    };

    it('accepts the forms each language uses (Italian has many)', () => {
      expect(requiredPluralCategories('it', false)).toEqual(new Set(['one', 'many', 'other']));
      const locales = withPlurals({ days_one: '{{count}} Tag', days_other: '{{count}} Tage' }, italian);
      expect(checkLocales(locales, options)).toEqual([]);
    });

    it('does not count plural forms as missing or extra keys', () => {
      const locales = withPlurals({ days_one: 'ein Tag', days_other: '{{count}} Tage' }, italian);
      expect(checkLocales(locales, options)).toEqual([]);
    });

    it('reports a plural form a language needs', () => {
      const locales = withPlurals(
        { days_other: '{{count}} Tage' },
        { days_one: '1 giorno', days_other: '{{count}} giorni' },
      );
      expect(kinds(locales)).toEqual([
        'missing-plural-form de/streak:days_one',
        'missing-plural-form it/streak:days_many',
      ]);
    });

    it('reports a form the language does not use, but allows _zero anywhere', () => {
      const locales = withPlurals(
        {
          days_zero: 'keine Tage',
          days_one: '{{count}} Tag',
          days_few: '{{count}} Tage',
          days_other: '{{count}} Tage',
        },
        italian,
      );
      expect(kinds(locales)).toEqual(['extra-plural-form de/streak:days_few']);
    });

    it('reports a plural base the source language does not have', () => {
      const locales = withPlurals({ days_one: '{{count}} Tag', days_other: '{{count}} Tage' }, italian);
      locales.de = {
        streak: { ...(locales.de?.streak as object), weeks_one: 'Woche', weeks_other: 'Wochen' },
      };
      expect(kinds(locales)).toEqual(['extra-key de/streak:weeks_one', 'extra-key de/streak:weeks_other']);
    });

    it('handles ordinal plurals with their own categories', () => {
      const locales: Locales = {
        en: {
          rank: {
            place_ordinal_one: '{{count}}st',
            place_ordinal_two: '{{count}}nd',
            place_ordinal_few: '{{count}}rd',
            place_ordinal_other: '{{count}}th',
          },
        },
        de: { rank: { place_ordinal_other: '{{count}}.' } },
        it: { rank: { place_ordinal_many: '{{count}}°', place_ordinal_other: '{{count}}°' } },
      };
      expect(checkLocales(locales, options)).toEqual([]);
    });

    it('reports a placeholder in a plural form that the source never uses', () => {
      const locales = withPlurals({ days_one: '{{count}} Tag', days_other: '{{anzahl}} Tage' }, italian);
      expect(kinds(locales)).toEqual(['placeholder-mismatch de/streak:days_other']);
    });
  });
});

describe('helpers', () => {
  it('flattens nested objects into dotted keys', () => {
    expect([...flatten({ a: { b: 'x', c: { d: 'y' } }, e: 'z' }).keys()]).toEqual(['a.b', 'a.c.d', 'e']);
  });

  it('finds placeholder names, with or without spaces and formats', () => {
    expect(placeholders('{{count, number}} of {{ total }} for {{name}}')).toEqual(
      new Set(['count', 'total', 'name']),
    );
  });

  it('lists namespaces missing from the typed resources', () => {
    const source = "import type common from '../../../locales/en/common.json';";
    expect(checkTypedNamespaces(['common', 'gym'], source, 'en')).toMatchObject([
      { kind: 'untyped-namespace', namespace: 'gym' },
    ]);
  });

  it('formats problems as a readable list', () => {
    const text = formatProblems([
      { kind: 'missing-key', language: 'de', namespace: 'auth', key: 'login.title' },
    ]);
    expect(text).toBe('  ✗ de/auth:login.title  key missing');
  });
});

describe('readLocales', () => {
  it('reads <language>/<namespace>.json files', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'i18n-check-'));
    try {
      await mkdir(path.join(dir, 'en'));
      await writeFile(path.join(dir, 'en', 'common.json'), '{"a":"b"}');
      await writeFile(path.join(dir, 'en', 'notes.txt'), 'ignored');
      expect(await readLocales(dir)).toEqual({ en: { common: { a: 'b' } } });
      await writeFile(path.join(dir, 'en', 'broken.json'), '{');
      await expect(readLocales(dir)).rejects.toThrow('en/broken.json is not valid JSON');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('passes on the repository locales', async () => {
    const locales = await readLocales(path.join(import.meta.dirname, '..', 'locales'));
    expect(Object.keys(locales).sort()).toEqual(['de', 'en', 'it']);
    expect(checkLocales(locales, options)).toEqual([]);
  });
});
