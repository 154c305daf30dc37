import type { BackendModule, ResourceKey } from 'i18next';
import partMaps from 'virtual:locale-parts';
import { parsePartNamespace, pickPart } from './locale-parts';

// Every locales/<lang>/<ns>.json becomes its own chunk (a dynamic import per file), so a language or a
// namespace costs nothing until a page asks for it, and the service worker can precache each file by URL.
const loaders = import.meta.glob<{ default: ResourceKey }>('/locales/*/*.json');

export function localeFilePath(language: string, namespace: string): string {
  return `/locales/${language}/${namespace}.json`;
}

/** An i18next backend that reads namespaces from the bundled locale chunks. */
export const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const part = parsePartNamespace(namespace);
    // A part the build did not cut (a challenge id from a newer server catalogue) is empty: the caller's
    // fallback text shows, and i18next does not retry. A part's file may hold its group's other parts too
    // (PART_GROUPS): the namespace keeps its own subtree only.
    const partMap = partMaps[language];
    const load = part
      ? partMap &&
        (() =>
          partMap().then(async ({ default: map }) => {
            const file = await (map[namespace]?.() ?? { default: {} as ResourceKey });
            return { default: pickPart(file.default, part.path) as ResourceKey };
          }))
      : loaders[localeFilePath(language, namespace)];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      // `true` asks i18next to retry: a chunk request can fail on a flaky connection.
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  },
};
