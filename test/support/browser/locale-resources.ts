import type { Resource, ResourceKey } from 'i18next';

// Every locale file, bundled eagerly: component tests translate synchronously with the real texts.
const modules = import.meta.glob<{ default: ResourceKey }>('/locales/*/*.json', { eager: true });

export function localeResources(): Resource {
  const resources: Resource = {};
  for (const [path, module] of Object.entries(modules)) {
    const match = /^\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match === null) continue;
    const [, language = '', namespace = ''] = match;
    resources[language] = { ...resources[language], [namespace]: module.default };
  }
  return resources;
}
