// Build step for part namespaces (src/lib/i18n/locale-parts.ts). Owns three kinds of module id:
// - `virtual:locale-parts`: language -> a dynamic import of that language's part map;
// - `virtual:locale-parts/<lng>`: `<ns>@<path>` -> a dynamic import of the file that holds that part, one
//   entry per part of every locales/<lng>/<ns>.json the spec splits; a part is its own small chunk, or shares
//   one with the other parts of its group (PART_GROUPS);
// - `/locales/<lng>/<ns>.json?part=<path>[,<path>...]`: those parts as a module whose default export is
//   their JSON, merged under their parents' keys.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import {
  LOCALE_PARTS,
  partFile,
  partPaths,
  pickParts,
  PART_SEPARATOR,
} from '../src/lib/i18n/locale-parts.ts';

const VIRTUAL_ID = 'virtual:locale-parts';
const PART_QUERY = /^(.*\/locales\/[^/]+\/[^/]+\.json)\?part=([^&]+)$/;

export function localeParts(root: string): Plugin {
  const localesDir = path.join(root, 'locales');
  const readTree = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
  const languages = () => readdirSync(localesDir).sort();
  return {
    name: 'spotter-locale-parts',
    enforce: 'pre',
    resolveId(id) {
      return id === VIRTUAL_ID || id.startsWith(`${VIRTUAL_ID}/`) ? `\0${id}` : null;
    },
    load(id) {
      // The language index: one small loader per language, so the entry does not carry every part's name.
      if (id === `\0${VIRTUAL_ID}`) {
        const entries = languages().map(
          (language) =>
            `  ${JSON.stringify(language)}: () => import(${JSON.stringify(`${VIRTUAL_ID}/${language}`)}),`,
        );
        return `export default {\n${entries.join('\n')}\n};\n`;
      }
      // One language's parts: `<ns>@<path>` -> that part's chunk.
      if (id.startsWith(`\0${VIRTUAL_ID}/`)) {
        const language = id.slice(`\0${VIRTUAL_ID}/`.length);
        const entries: string[] = [];
        for (const namespace of Object.keys(LOCALE_PARTS).sort()) {
          const file = path.join(localesDir, language, `${namespace}.json`);
          this.addWatchFile(file);
          // The parts of each file, then one entry per part naming its file.
          const files = new Map<string, string[]>();
          for (const part of partPaths(namespace, readTree(file))) {
            if (part.includes(',')) throw new Error(`locale part ${namespace}/${part}: no commas in a key`);
            const key = partFile(namespace, part);
            files.set(key, [...(files.get(key) ?? []), part]);
          }
          for (const parts of files.values()) {
            const url = `/locales/${language}/${namespace}.json?part=${encodeURIComponent(parts.join(','))}`;
            for (const part of parts) {
              entries.push(
                `  ${JSON.stringify(`${namespace}${PART_SEPARATOR}${part}`)}: () => import(${JSON.stringify(url)}),`,
              );
            }
          }
        }
        return `export default {\n${entries.join('\n')}\n};\n`;
      }
      const match = PART_QUERY.exec(id);
      if (match === null) return null;
      const [, file = '', part = ''] = match;
      this.addWatchFile(file);
      const paths = decodeURIComponent(part).split(',');
      return `export default ${JSON.stringify(pickParts(readTree(file), paths))};\n`;
    },
  };
}
