/**
 * A cache of freshly migrated PGlite clusters, so that a new data directory (or an in-memory emulator)
 * starts from a copy instead of running initdb and every migration again: initdb alone takes seconds in
 * WebAssembly. The cache key covers everything that shapes the cluster (bootstrap, migrations, seed and
 * the PGlite version), so a changed migration simply misses the cache. Lives in node_modules/.cache,
 * like other build caches; deleting it is always safe.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { schemaFingerprint } from './migrate';

const projectRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const cacheDir = join(projectRoot, 'node_modules', '.cache', 'spotter-emulator');

function pgliteVersion(): string {
  // The package does not export its package.json; read it from where Node resolves the package.
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const manifest = join(
    entry.slice(0, entry.lastIndexOf(join('node_modules', '@electric-sql', 'pglite'))),
    'node_modules',
    '@electric-sql',
    'pglite',
    'package.json',
  );
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

async function cacheFile(): Promise<string> {
  return join(cacheDir, `pglite-${pgliteVersion()}-${await schemaFingerprint()}.tar`);
}

/** The cached migrated cluster for the current schema, or null. */
export async function readCachedCluster(): Promise<Blob | null> {
  const file = await cacheFile();
  return existsSync(file) ? new Blob([readFileSync(file)]) : null;
}

/** Stores a freshly migrated cluster (written atomically: concurrent starts never read half a file). */
export async function writeCachedCluster(snapshot: Blob): Promise<void> {
  const file = await cacheFile();
  mkdirSync(cacheDir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, Buffer.from(await snapshot.arrayBuffer()));
  renameSync(temporary, file);
}
