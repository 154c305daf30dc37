/**
 * A cache of freshly migrated PGlite clusters, so that a new data directory (or an in-memory emulator)
 * starts from a copy instead of running initdb and every migration again: initdb alone takes seconds in
 * WebAssembly. The cache key covers everything that shapes the cluster (bootstrap, migrations, seed and
 * the PGlite version), so a changed migration simply misses the cache. Lives in node_modules/.cache,
 * like other build caches; deleting it is always safe.
 *
 * Two forms: the tarball (`dumpDataDir`), which in-memory clusters load, and the same cluster unpacked
 * into a closed data directory, which a new on-disk data directory copies with the file system: several
 * times faster than PGlite unpacking the tarball into it file by file.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openEngine } from './engine';
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

/** Bumped when what a cached cluster holds changes (2: it records its schema fingerprint). */
const CACHE_FORMAT = 2;

async function cacheFile(): Promise<string> {
  return join(cacheDir, `pglite-${pgliteVersion()}-${await schemaFingerprint()}-v${CACHE_FORMAT}.tar`);
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

/**
 * Fills the new PGlite data directory `target` with a copy of the cached migrated cluster; false (and
 * nothing written) when there is no cache yet. The unpacked form is made from the tarball the first
 * time (in a temporary directory renamed into place, so concurrent starts never copy half of it).
 */
export async function copyCachedCluster(target: string): Promise<boolean> {
  const tarball = await cacheFile();
  const unpacked = tarball.replace(/\.tar$/, '.dir');
  if (!existsSync(unpacked)) {
    if (!existsSync(tarball)) return false;
    const temporary = `${unpacked}.${process.pid}.tmp`;
    rmSync(temporary, { recursive: true, force: true });
    const engine = await openEngine({ dataDir: temporary, loadDataDir: new Blob([readFileSync(tarball)]) });
    await engine.close();
    try {
      renameSync(temporary, unpacked);
    } catch (error) {
      rmSync(temporary, { recursive: true, force: true });
      if (!existsSync(unpacked)) throw error;
      // another start unpacked it first
    }
  }
  // Copied beside the target and renamed, so a failed copy never looks like an existing cluster.
  const partial = `${target}.partial`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(unpacked, partial, { recursive: true });
  renameSync(partial, target);
  return true;
}
