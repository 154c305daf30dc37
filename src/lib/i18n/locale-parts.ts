// Namespaces that also load in parts. The first signed-in screen shows one challenge and one streak line,
// so it loads `challenges@card` and `challenges@<id>` instead of all 37 catalogue entries, and
// `motivation@streak.<band>` instead of every streak, login and rest-day message. A part namespace holds the
// subtree at `path` under the same key paths as the whole namespace (`pushup_20.title`, `streak.week.0`),
// so a component reads it with the whole namespace's keys. The files stay whole (locales/<lng>/<ns>.json,
// what `npm run i18n:check` checks and translators edit); the build cuts the parts out of them
// (scripts/locale-parts-plugin.ts), and tests given every resource up front get them from `withLocaleParts`.
import type { Resource, ResourceKey } from 'i18next';
import type { Namespace } from './resources';

export const PART_SEPARATOR = '@';

/** Per namespace, the paths whose every child is a part ('' = each top-level key). */
export const LOCALE_PARTS: Partial<Record<Namespace, readonly string[]>> = {
  challenges: [''],
  motivation: ['streak'],
};

/**
 * The name of the part of `namespace` at `path`. Typed as the whole namespace: the part has its keys
 * (those under `path`), so `t` and `useTranslation` keep checking them.
 */
export function partNamespace<N extends Namespace>(namespace: N, path: string): N {
  return `${namespace}${PART_SEPARATOR}${path}` as N;
}

export function parsePartNamespace(name: string): { namespace: string; path: string } | undefined {
  const at = name.indexOf(PART_SEPARATOR);
  if (at < 0) return undefined;
  return { namespace: name.slice(0, at), path: name.slice(at + 1) };
}

type Tree = { [key: string]: unknown };
const isTree = (value: unknown): value is Tree => typeof value === 'object' && value !== null;

function valueAt(tree: unknown, path: string): unknown {
  if (path === '') return tree;
  let value: unknown = tree;
  for (const key of path.split('.')) {
    if (!isTree(value) || !Object.prototype.hasOwnProperty.call(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

/** The subtree of `tree` at dotted `path`, wrapped in its parents' keys; `{}` when there is none. */
export function pickPart(tree: unknown, path: string): Tree {
  const value = valueAt(tree, path);
  if (value === undefined) return {};
  return path.split('.').reduceRight<Tree>((inner, key) => ({ [key]: inner }), value as Tree);
}

/** The part paths of one namespace's tree, e.g. `['card', 'plank_60s', ...]` or `['streak.week', ...]`. */
export function partPaths(namespace: string, tree: unknown): string[] {
  const prefixes = LOCALE_PARTS[namespace as Namespace] ?? [];
  return prefixes.flatMap((prefix) => {
    const node = valueAt(tree, prefix);
    return isTree(node) ? Object.keys(node).map((key) => (prefix === '' ? key : `${prefix}.${key}`)) : [];
  });
}

/** `resources` with every part namespace added (tests that hand i18next every file up front). */
export function withLocaleParts(resources: Resource): Resource {
  const result: Resource = {};
  for (const [language, namespaces] of Object.entries(resources)) {
    const withParts: Record<string, ResourceKey> = { ...namespaces };
    for (const [namespace, tree] of Object.entries(namespaces)) {
      for (const path of partPaths(namespace, tree)) {
        withParts[`${namespace}${PART_SEPARATOR}${path}`] = pickPart(tree, path);
      }
    }
    result[language] = withParts;
  }
  return result;
}
