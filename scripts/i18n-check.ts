// `npm run i18n:check`: every language has every namespace and key that English (the source of truth) has,
// no more, with no empty values, the plural forms each language's grammar needs, and the same {{placeholders}}.
// Also checks that every English namespace is declared in the typed resources, so `t()` keys stay checked.
// Exits 1 with a list of problems, 0 when the locales are consistent.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SUPPORTED_LANGUAGES } from '../src/domain/language';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** language -> namespace -> parsed JSON */
export type Locales = Record<string, Record<string, Json>>;

export type ProblemKind =
  | 'missing-namespace'
  | 'unknown-language'
  | 'missing-key'
  | 'extra-key'
  | 'empty-value'
  | 'not-text'
  | 'missing-plural-form'
  | 'extra-plural-form'
  | 'placeholder-mismatch'
  | 'untyped-namespace';

export interface Problem {
  kind: ProblemKind;
  language: string;
  namespace: string;
  key?: string;
  detail?: string;
}

export interface CheckOptions {
  source: string;
  languages: readonly string[];
}

type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
const PLURAL_SUFFIX = /^(.+?)_(ordinal_)?(zero|one|two|few|many|other)$/;

interface PluralForm {
  base: string;
  ordinal: boolean;
  category: PluralCategory;
}

function parsePluralForm(key: string): PluralForm | undefined {
  const match = PLURAL_SUFFIX.exec(key);
  if (match === null) return undefined;
  const [, base = '', ordinal, category] = match;
  return { base, ordinal: ordinal !== undefined, category: category as PluralCategory };
}

const pluralGroupId = (form: Pick<PluralForm, 'base' | 'ordinal'>) =>
  form.ordinal ? `${form.base}_ordinal` : form.base;

/** The plural categories a language's grammar uses (CLDR, via Intl), e.g. it: one, many, other. */
export function requiredPluralCategories(language: string, ordinal: boolean): Set<string> {
  const rules = new Intl.PluralRules(language, { type: ordinal ? 'ordinal' : 'cardinal' });
  return new Set(rules.resolvedOptions().pluralCategories);
}

/** Leaf values by dotted key; array items get their index as a key segment; empty objects have no leaves. */
export function flatten(value: Json, prefix = '', out = new Map<string, Json>()): Map<string, Json> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    for (const [key, child] of entries) flatten(child, prefix === '' ? key : `${prefix}.${key}`, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** Interpolation names in a text: `{{count}}`, `{{ name }}`, `{{count, number}}` -> count, name. */
export function placeholders(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\{\s*([^}\s,]+)[^}]*\}\}/g)) {
    if (match[1] !== undefined) names.add(match[1]);
  }
  return names;
}

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((item) => b.has(item));
const listOf = (items: Iterable<string>) => [...items].sort().join(', ') || '(none)';

interface SplitKeys {
  plain: Map<string, Json>;
  /** group id -> category -> value */
  plurals: Map<string, Map<string, Json>>;
}

function splitKeys(keys: Map<string, Json>, pluralGroups: Set<string>): SplitKeys {
  const plain = new Map<string, Json>();
  const plurals = new Map<string, Map<string, Json>>();
  for (const [key, value] of keys) {
    const form = parsePluralForm(key);
    const group = form === undefined ? undefined : pluralGroupId(form);
    if (form !== undefined && group !== undefined && pluralGroups.has(group)) {
      const forms = plurals.get(group) ?? new Map<string, Json>();
      forms.set(form.category, value);
      plurals.set(group, forms);
    } else {
      plain.set(key, value);
    }
  }
  return { plain, plurals };
}

/** A key is plural when the source language has its `_other` form (`items_other`, `place_ordinal_other`). */
function pluralGroupsOf(sourceKeys: Map<string, Json>): Set<string> {
  const groups = new Set<string>();
  for (const key of sourceKeys.keys()) {
    const form = parsePluralForm(key);
    if (form?.category === 'other') groups.add(pluralGroupId(form));
  }
  return groups;
}

function checkValues(keys: Map<string, Json>, language: string, namespace: string, problems: Problem[]) {
  for (const [key, value] of keys) {
    if (typeof value !== 'string') {
      problems.push({ kind: 'not-text', language, namespace, key, detail: `is ${JSON.stringify(value)}` });
    } else if (value.trim() === '') {
      problems.push({ kind: 'empty-value', language, namespace, key });
    }
  }
}

function textPlaceholders(value: Json | undefined): Set<string> {
  return typeof value === 'string' ? placeholders(value) : new Set();
}

export function checkLocales(locales: Locales, { source, languages }: CheckOptions): Problem[] {
  const problems: Problem[] = [];
  const allLanguages = [...new Set([...languages, ...Object.keys(locales)])];
  for (const language of Object.keys(locales)) {
    if (!languages.includes(language)) {
      problems.push({
        kind: 'unknown-language',
        language,
        namespace: '*',
        detail: 'not a supported language',
      });
    }
  }
  const namespaces = [
    ...new Set(allLanguages.flatMap((language) => Object.keys(locales[language] ?? {}))),
  ].sort();

  for (const namespace of namespaces) {
    for (const language of languages) {
      if (locales[language]?.[namespace] === undefined) {
        problems.push({
          kind: 'missing-namespace',
          language,
          namespace,
          detail: `${language}/${namespace}.json`,
        });
      }
    }
    const sourceTree = locales[source]?.[namespace];
    if (sourceTree === undefined) continue;

    const sourceKeys = flatten(sourceTree);
    const pluralGroups = pluralGroupsOf(sourceKeys);
    const sourceSplit = splitKeys(sourceKeys, pluralGroups);

    for (const language of languages) {
      const tree = locales[language]?.[namespace];
      if (tree === undefined) continue;
      const keys = flatten(tree);
      checkValues(keys, language, namespace, problems);
      const { plain, plurals } = splitKeys(keys, pluralGroups);

      for (const [key, sourceValue] of sourceSplit.plain) {
        if (!plain.has(key)) {
          problems.push({ kind: 'missing-key', language, namespace, key });
          continue;
        }
        const value = plain.get(key);
        // A value that is not text is already reported; its placeholders mean nothing.
        if (typeof value !== 'string' || typeof sourceValue !== 'string') continue;
        const expected = placeholders(sourceValue);
        const actual = placeholders(value);
        if (!sameSet(expected, actual)) {
          problems.push({
            kind: 'placeholder-mismatch',
            language,
            namespace,
            key,
            detail: `has {{${listOf(actual)}}}, ${source} has {{${listOf(expected)}}}`,
          });
        }
      }
      for (const key of plain.keys()) {
        if (!sourceSplit.plain.has(key)) problems.push({ kind: 'extra-key', language, namespace, key });
      }

      for (const group of pluralGroups) {
        const ordinal = group.endsWith('_ordinal');
        const base = ordinal ? group.slice(0, -'_ordinal'.length) : group;
        const suffix = ordinal ? '_ordinal_' : '_';
        const forms = plurals.get(group) ?? new Map<string, Json>();
        const required = requiredPluralCategories(language, ordinal);
        for (const category of required) {
          if (!forms.has(category)) {
            problems.push({
              kind: 'missing-plural-form',
              language,
              namespace,
              key: `${base}${suffix}${category}`,
            });
          }
        }
        // `_zero` is i18next's optional special case for a count of 0, allowed in any language.
        for (const category of forms.keys()) {
          if (!required.has(category) && category !== 'zero') {
            problems.push({
              kind: 'extra-plural-form',
              language,
              namespace,
              key: `${base}${suffix}${category}`,
              detail: `${language} uses ${listOf(required)}`,
            });
          }
        }
        const allowed = new Set(
          [...(sourceSplit.plurals.get(group)?.values() ?? [])].flatMap((value) => [
            ...textPlaceholders(value),
          ]),
        );
        for (const [category, value] of forms) {
          const unknown = [...textPlaceholders(value)].filter((name) => !allowed.has(name));
          if (unknown.length > 0) {
            problems.push({
              kind: 'placeholder-mismatch',
              language,
              namespace,
              key: `${base}${suffix}${category}`,
              detail: `uses {{${listOf(unknown)}}}, unknown to ${source}`,
            });
          }
        }
      }
    }
  }
  return problems;
}

/** Namespaces of the source language that the typed resources (src/lib/i18n/resources.ts) do not import. */
export function checkTypedNamespaces(
  namespaces: readonly string[],
  resourcesSource: string,
  source: string,
): Problem[] {
  return namespaces
    .filter((namespace) => !resourcesSource.includes(`/locales/${source}/${namespace}.json'`))
    .map((namespace) => ({
      kind: 'untyped-namespace' as const,
      language: source,
      namespace,
      detail: 'add it to src/lib/i18n/resources.ts so its t() keys are type-checked',
    }));
}

export async function readLocales(directory: string): Promise<Locales> {
  const locales: Locales = {};
  const languages = await readdir(directory, { withFileTypes: true });
  for (const entry of languages) {
    if (!entry.isDirectory()) continue;
    const files = (await readdir(path.join(directory, entry.name))).filter((file) => file.endsWith('.json'));
    const namespaces: Record<string, Json> = {};
    for (const file of files) {
      const text = await readFile(path.join(directory, entry.name, file), 'utf8');
      try {
        namespaces[file.slice(0, -'.json'.length)] = JSON.parse(text) as Json;
      } catch (error) {
        throw new Error(`${entry.name}/${file} is not valid JSON: ${(error as Error).message}`, {
          cause: error,
        });
      }
    }
    locales[entry.name] = namespaces;
  }
  return locales;
}

const DESCRIPTIONS: Record<ProblemKind, string> = {
  'missing-namespace': 'namespace file missing',
  'unknown-language': 'unexpected language folder',
  'missing-key': 'key missing',
  'extra-key': 'key not in the source language',
  'empty-value': 'empty value',
  'not-text': 'value is not text',
  'missing-plural-form': 'plural form missing',
  'extra-plural-form': 'plural form this language does not use',
  'placeholder-mismatch': 'placeholders differ',
  'untyped-namespace': 'namespace not in the typed resources',
};

export function formatProblems(problems: readonly Problem[]): string {
  return problems
    .map((problem) => {
      const where = `${problem.language}/${problem.namespace}${problem.key === undefined ? '' : `:${problem.key}`}`;
      return `  ✗ ${where}  ${DESCRIPTIONS[problem.kind]}${problem.detail === undefined ? '' : ` (${problem.detail})`}`;
    })
    .join('\n');
}

async function main(): Promise<number> {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const source = 'en';
  const locales = await readLocales(path.join(root, 'locales'));
  const resourcesSource = await readFile(path.join(root, 'src/lib/i18n/resources.ts'), 'utf8');
  const problems = [
    ...checkLocales(locales, { source, languages: SUPPORTED_LANGUAGES }),
    ...checkTypedNamespaces(Object.keys(locales[source] ?? {}), resourcesSource, source),
  ];
  const namespaceCount = Object.keys(locales[source] ?? {}).length;
  if (problems.length > 0) {
    console.error(`i18n check failed: ${problems.length} problem(s)\n${formatProblems(problems)}`);
    return 1;
  }
  console.log(
    `i18n check passed: ${SUPPORTED_LANGUAGES.join(', ')} × ${namespaceCount} namespaces are complete.`,
  );
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
