/**
 * Where object bytes live: on disk under `<dataDir>/storage/<bucket>/<name>/#<version>` or, for an
 * emulator started with `memory: true`, in a map. Each upload writes a new version, so a replaced file
 * is removed only after the database row points at its successor (hosted Storage does the same).
 * Names reaching this module were validated (`object-key.ts`); the disk store checks again that every
 * path it touches stays inside its root.
 */
import { mkdir, readFile, rm, rmdir, writeFile } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';

export interface BlobStore {
  put(bucket: string, name: string, version: string, bytes: Uint8Array): Promise<void>;
  /** The bytes, or null when absent. */
  get(bucket: string, name: string, version: string): Promise<Uint8Array | null>;
  delete(bucket: string, name: string, version: string): Promise<void>;
}

const VERSION = /^[0-9a-f-]{36}$/;

export function isVersion(value: unknown): value is string {
  return typeof value === 'string' && VERSION.test(value);
}

export function memoryBlobStore(): BlobStore {
  const blobs = new Map<string, Uint8Array>();
  const key = (bucket: string, name: string, version: string) => `${bucket}\u0000${name}\u0000${version}`;
  return {
    put(bucket, name, version, bytes) {
      blobs.set(key(bucket, name, version), bytes);
      return Promise.resolve();
    },
    get(bucket, name, version) {
      return Promise.resolve(blobs.get(key(bucket, name, version)) ?? null);
    },
    delete(bucket, name, version) {
      blobs.delete(key(bucket, name, version));
      return Promise.resolve();
    },
  };
}

export function diskBlobStore(root: string): BlobStore {
  const base = resolve(root);

  function folderOf(bucket: string, name: string): string {
    const folder = resolve(join(base, bucket, ...name.split('/')));
    if (!folder.startsWith(base + sep)) throw new Error(`storage path escapes its root: ${name}`);
    return folder;
  }
  function fileOf(bucket: string, name: string, version: string): string {
    if (!VERSION.test(version)) throw new Error('not an object version');
    return join(folderOf(bucket, name), `#${version}`);
  }

  return {
    async put(bucket, name, version, bytes) {
      const file = fileOf(bucket, name, version);
      // A concurrent delete may tidy the folder away between mkdir and write: try once more.
      for (let attempt = 0; ; attempt += 1) {
        await mkdir(folderOf(bucket, name), { recursive: true });
        try {
          await writeFile(file, bytes);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 0) throw error;
        }
      }
    },
    async get(bucket, name, version) {
      try {
        return await readFile(fileOf(bucket, name, version));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
        throw error;
      }
    },
    async delete(bucket, name, version) {
      await rm(fileOf(bucket, name, version), { force: true });
      // Tidy the now-empty folders up to the bucket; stop at the first one still in use.
      const bucketFolder = resolve(join(base, bucket));
      let folder = folderOf(bucket, name);
      while (folder.startsWith(bucketFolder + sep)) {
        try {
          await rmdir(folder);
        } catch {
          break;
        }
        folder = resolve(folder, '..');
      }
    },
  };
}
