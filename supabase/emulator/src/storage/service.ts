/**
 * What the storage routes share: who is calling (from `apikey` / `Authorization`), running SQL as that
 * caller, the bucket lookup storage-api does as superuser, the blob store, and one error funnel that
 * turns every failure into storage-api's JSON (never a stack trace).
 */
import { join } from 'node:path';
import type { Context } from 'hono';
import type { EmulatorContext } from '../context';
import type { Queryable } from '../db/engine';
import { asRole, type RequestIdentity } from '../db/request-context';
import { resolveIdentity } from '../http/identity';
import { diskBlobStore, isVersion, memoryBlobStore, type BlobStore } from './blob-store';
import { StorageError, errors, fromDatabaseError, sendError } from './errors';

export const STORAGE_MOUNT = '/storage/v1';

export interface BucketRow {
  id: string;
  name: string;
  public: boolean | null;
  file_size_limit: number | string | null;
  allowed_mime_types: string[] | null;
}

/** The gateway or JWT refused the caller; `response` is what to answer. */
class IdentityRejected extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super('identity rejected');
  }
}

export interface StorageService {
  ctx: EmulatorContext;
  blobs: BlobStore;
  identify(c: Context): Promise<RequestIdentity>;
  asCaller<T>(identity: RequestIdentity, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** The bucket as storage-api's superuser sees it (uploads and public reads check it this way). */
  bucket(id: string): Promise<BucketRow | null>;
  /** Runs a handler and renders any failure in storage-api's shape. */
  handle(c: Context, fn: () => Promise<Response>): Promise<Response>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's user id as `storage.objects.owner` takes it (a uuid), or null for keys. */
export function ownerOf(identity: RequestIdentity): { owner: string | null; ownerId: string | null } {
  const sub = identity.claims.sub;
  if (typeof sub !== 'string' || sub === '') return { owner: null, ownerId: null };
  return { owner: UUID.test(sub) ? sub : null, ownerId: sub };
}

export function createStorageService(ctx: EmulatorContext): StorageService {
  const blobs = ctx.config.dataDir ? diskBlobStore(join(ctx.config.dataDir, 'storage')) : memoryBlobStore();

  return {
    ctx,
    blobs,
    async identify(c) {
      const url = new URL(c.req.url);
      const result = await resolveIdentity(ctx, c.req.raw.headers, url);
      if (!result.ok) {
        if (!('code' in result.body)) {
          // No key at all: the API gateway answers before Storage sees the request.
          throw new IdentityRejected(401, result.body);
        }
        const message = typeof result.body.message === 'string' ? result.body.message : 'Invalid JWT';
        throw errors.accessDenied(message === 'JWT expired' ? 'jwt expired' : message);
      }
      return { ...result.identity, method: c.req.method, path: url.pathname };
    },
    asCaller(identity, fn) {
      return ctx.engine.transaction(async (tx) => {
        await asRole(tx, identity);
        return fn(tx);
      });
    },
    async bucket(id) {
      const { rows } = await ctx.engine.query<BucketRow>(
        `select id, name, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1`,
        [id],
      );
      return rows[0] ?? null;
    },
    async handle(c, fn) {
      try {
        return await fn();
      } catch (error) {
        if (error instanceof StorageError) return sendError(c, error);
        if (error instanceof IdentityRejected) {
          return c.json(error.body, error.status as 401, error.headers);
        }
        const mapped = fromDatabaseError(error);
        if (mapped) return sendError(c, mapped);
        const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
        ctx.log(`storage: internal error on ${c.req.method} ${c.req.path}: ${detail}`);
        return sendError(c, errors.internal());
      }
    },
  };
}

/** Deletes a blob version; a failure is logged, not thrown (the row is already gone or replaced). */
export async function dropBlob(svc: StorageService, bucket: string, name: string, version: string | null) {
  if (!isVersion(version)) return;
  try {
    await svc.blobs.delete(bucket, name, version);
  } catch (error) {
    svc.ctx.log(`storage: could not delete ${bucket}/${name}#${version}: ${String(error)}`);
  }
}
