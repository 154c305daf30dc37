/**
 * The last step of `npm run build`: what a static host needs beside the files themselves.
 * - dist/_headers: the Content-Security-Policy (with the hashes of index.html's inline boot scripts and the
 *   hosted Supabase origin when VITE_SUPABASE_URL is set), `no-cache` for index.html and sw.js (an update
 *   must reach users), a year's immutable cache for the hashed assets;
 * - dist/_redirects: the SPA fallback (every unknown path serves index.html);
 * - source maps moved out of dist/ into sourcemaps/ (git-ignored): Vite writes them `hidden` (no
 *   `sourceMappingURL` comment), kept for reading a production stack trace, never published.
 * `npm start` and the e2e tests serve dist/ with these same headers (scripts/hosting-preview.ts).
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadEnv } from 'vite';
import {
  contentSecurityPolicy,
  headersFile,
  inlineExecutableScripts,
  redirectsFile,
} from './hosting-headers';

export interface HostingFiles {
  csp: string;
  movedSourceMaps: number;
}

function sourceMapsUnder(dir: string, base = dir): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceMapsUnder(full, base));
    else if (entry.name.endsWith('.map')) found.push(path.relative(base, full));
  }
  return found;
}

export function writeHostingFiles(distDir: string, mapsDir: string, supabaseUrl?: string): HostingFiles {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const csp = contentSecurityPolicy({
    inlineScripts: inlineExecutableScripts(html),
    ...(supabaseUrl ? { supabaseUrl } : {}),
  });
  writeFileSync(path.join(distDir, '_headers'), headersFile(csp));
  writeFileSync(path.join(distDir, '_redirects'), redirectsFile);

  rmSync(mapsDir, { recursive: true, force: true });
  const maps = sourceMapsUnder(distDir);
  for (const relative of maps) {
    const target = path.join(mapsDir, relative);
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(path.join(distDir, relative), target);
  }
  return { csp, movedSourceMaps: maps.length };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const env = loadEnv('production', root, 'VITE_');
  const { movedSourceMaps } = writeHostingFiles(
    path.join(root, 'dist'),
    path.join(root, 'sourcemaps'),
    env.VITE_SUPABASE_URL || undefined,
  );
  console.log(
    `[hosting] dist/_headers and dist/_redirects written; ${movedSourceMaps} source maps kept in sourcemaps/`,
  );
}
