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
 * Namespaces whose parts ship in a few files of several parts each, not one file per part: the precache
 * fetches every file on a new device, and each request costs the phone about as much as a few kilobytes
 * (docs/decisions.md, "First signed-in screen weight"). A part goes to group `hash(path) % count`, so adding a
 * challenge moves no other; the parts in `alone` (the card, on every first screen) keep a file of their own.
 */
export const PART_GROUPS: Partial<Record<Namespace, { count: number; alone: readonly string[] }>> = {
  challenges: { count: 8, alone: ['card'] },
};

/** A stable 32-bit hash (FNV-1a) of a part's path. */
function pathHash(path: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) {
    hash ^= path.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The file a part of `namespace` ships in: its own path, or `group-<n>` for a grouped part. */
export function partFile(namespace: string, path: string): string {
  const grouping = PART_GROUPS[namespace as Namespace];
  if (grouping === undefined || grouping.alone.includes(path)) return path;
  return `group-${pathHash(path) % grouping.count}`;
}

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

/** The subtrees of `tree` at every path of `paths`, merged under their parents' keys. */
export function pickParts(tree: unknown, paths: readonly string[]): Tree {
  const merge = (into: Tree, from: Tree): Tree => {
    for (const [key, value] of Object.entries(from)) {
      const existing = into[key];
      into[key] = isTree(existing) && isTree(value) ? merge({ ...existing }, value) : value;
    }
    return into;
  };
  return paths.reduce<Tree>((merged, path) => merge(merged, pickPart(tree, path)), {});
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
