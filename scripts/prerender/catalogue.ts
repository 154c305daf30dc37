// The landing texts for the static `/`: the page is rendered once, in English, from resources in which
// every text that differs between en, de and it (or carries `{{year}}`) is a placeholder token; markup.ts
// then turns each token into English text marked with its id, and the page's script writes the other
// languages from `texts` by the same ids. Texts equal in all three languages stay plain text.
import type { LandingLanguage } from '../../src/boot/boot-data';

export const LANGUAGES: readonly LandingLanguage[] = ['en', 'de', 'it'];

type Tree = { [key: string]: string | Tree };
export type Locales = Record<LandingLanguage, Record<string, Tree>>;

export interface Catalogue {
  /** i18next resources for the render: { en: { <namespace>: tree with tokens } }. */
  resources: { en: Record<string, Tree> };
  /** texts[lang][id] */
  texts: Record<LandingLanguage, string[]>;
  /** `namespace:key.path` -> id */
  ids: Map<string, number>;
}

const TOKEN_START = '\uE000';
const TOKEN_END = '\uE001';
/** A placeholder in rendered markup; group 1 is the id. */
export const TOKEN_PATTERN = /\uE000(\d+)\uE001/g;

export function token(id: number): string {
  return `${TOKEN_START}${id}${TOKEN_END}`;
}

function valueAt(tree: Tree | undefined, path: readonly string[]): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const key of path) node = typeof node === 'object' ? node[key] : undefined;
  return typeof node === 'string' ? node : undefined;
}

export function buildCatalogue(locales: Locales, namespaces: readonly string[]): Catalogue {
  const texts: Catalogue['texts'] = { en: [], de: [], it: [] };
  const ids = new Map<string, number>();
  const walk = (namespace: string, tree: Tree, path: string[]): Tree =>
    Object.fromEntries<string | Tree>(
      Object.entries(tree).map(([key, value]): [string, string | Tree] => {
        const at = [...path, key];
        if (typeof value !== 'string') return [key, walk(namespace, value, at)];
        const values = LANGUAGES.map((language) => valueAt(locales[language][namespace], at) ?? value);
        if (values.every((other) => other === value) && !value.includes('{{')) return [key, value];
        const id = texts.en.length;
        LANGUAGES.forEach((language, index) => texts[language].push(values[index] ?? value));
        ids.set(`${namespace}:${at.join('.')}`, id);
        return [key, token(id)];
      }),
    );
  const en = Object.fromEntries(
    namespaces.map((namespace) => [namespace, walk(namespace, locales.en[namespace] ?? {}, [])]),
  );
  return { resources: { en }, texts, ids };
}

/** The id of `namespace:key.path`, which must be a text that differs by language. */
export function idOf(catalogue: Catalogue, key: string): number {
  const id = catalogue.ids.get(key);
  if (id === undefined) throw new Error(`prerender: ${key} is not a translated landing text`);
  return id;
}
