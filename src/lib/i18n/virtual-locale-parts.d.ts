// The part maps the build writes (scripts/locale-parts-plugin.ts): language -> its map, loaded on the first
// part asked for; a map: `<ns>@<path>` -> that part's chunk.
declare module 'virtual:locale-parts' {
  import type { ResourceKey } from 'i18next';

  type PartMap = Record<string, () => Promise<{ default: ResourceKey }>>;
  const languages: Record<string, () => Promise<{ default: PartMap }>>;
  export default languages;
}
