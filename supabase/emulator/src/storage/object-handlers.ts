/**
 * Object operations as storage-js calls them (uploads are in upload-handler.ts): download
 * (authenticated and public), info, remove, list, move and copy. Metadata statements run as the
 * caller so the policies on `storage.objects` decide; the blob store follows the rows.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { RequestIdentity } from '../db/request-context';
import { isVersion } from './blob-store';
import { errors } from './errors';
import { readJsonObject } from './json-body';
import { bucketAndName, bucketOnly, validBucketId, validObjectName, validPrefix } from './object-key';
import {
  deleteObjects,
  findObject,
  insertObject,
  listLevel,
  renameObject,
  upsertObject,
  type ListOptions,
  type NewObject,
  type ObjectRow,
} from './objects-db';
import { objectResponse } from './serve-object';
import { dropBlob, ownerOf, type StorageService } from './service';

function requiredString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '') {
    throw errors.invalidRequest(`body must have required property '${field}'`);
  }
  return value;
}

/** The object's bytes; a missing row or missing bytes are both "Object not found". */
export async function readBlob(
  svc: StorageService,
  row: ObjectRow | null,
): Promise<{ row: ObjectRow; bytes: Uint8Array }> {
  if (!row || !isVersion(row.version)) throw errors.noSuchKey();
  const bytes = await svc.blobs.get(row.bucket_id, row.name, row.version);
  if (!bytes) throw errors.noSuchKey();
  return { row, bytes };
}

/** GET /object/{bucket}/{name} and /object/authenticated/…: needs a key; the policies decide. */
export async function downloadObject(svc: StorageService, c: Context, rest: string): Promise<Response> {
  const { bucket, name } = bucketAndName(rest);
  const identity = await svc.identify(c);
  const found = await readBlob(svc, await svc.asCaller(identity, (tx) => findObject(tx, bucket, name)));
  return objectResponse(c.req.raw, found.row, found.bytes);
}

/** GET /object/public/{bucket}/{name}: no key; only the bucket's `public` flag matters. */
export async function downloadPublicObject(svc: StorageService, c: Context, rest: string): Promise<Response> {
  const { bucket, name } = bucketAndName(rest);
  const bucketRow = await svc.bucket(bucket);
  if (!bucketRow?.public) throw errors.noSuchBucket();
  const found = await readBlob(svc, await findObject(svc.ctx.engine, bucket, name));
  return objectResponse(c.req.raw, found.row, found.bytes, { crossOrigin: true });
}

function infoBody(row: ObjectRow): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    last_modified: row.metadata?.lastModified ?? null,
    metadata: row.user_metadata ?? {},
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** GET /object/info/[authenticated/|public/]{bucket}/{name} */
export async function objectInfo(
  svc: StorageService,
  c: Context,
  rest: string,
  isPublic: boolean,
): Promise<Response> {
  const { bucket, name } = bucketAndName(rest);
  let row: ObjectRow | null;
  if (isPublic) {
    const bucketRow = await svc.bucket(bucket);
    if (!bucketRow?.public) throw errors.noSuchBucket();
    row = await findObject(svc.ctx.engine, bucket, name);
  } else {
    const identity = await svc.identify(c);
    row = await svc.asCaller(identity, (tx) => findObject(tx, bucket, name));
  }
  if (!row) throw errors.noSuchKey();
  return c.json(infoBody(row));
}

async function removeNames(
  svc: StorageService,
  identity: RequestIdentity,
  bucket: string,
  names: string[],
): Promise<ObjectRow[]> {
  const removed = await svc.asCaller(identity, (tx) => deleteObjects(tx, bucket, names));
  for (const row of removed) await dropBlob(svc, row.bucket_id, row.name, row.version);
  return removed;
}

/** DELETE /object/{bucket} with `{ prefixes: [...] }`: the rows the policies let the caller delete. */
export async function removeObjects(svc: StorageService, c: Context, rest: string): Promise<Response> {
  const bucket = bucketOnly(rest);
  const identity = await svc.identify(c);
  const body = await readJsonObject(c);
  const prefixes = body.prefixes;
  if (
    !Array.isArray(prefixes) ||
    prefixes.length < 1 ||
    prefixes.length > 1000 ||
    !prefixes.every((p): p is string => typeof p === 'string' && p.length <= 1024 && !p.includes('\u0000'))
  ) {
    throw errors.invalidRequest('prefixes must be an array of 1 to 1000 object names');
  }
  const removed = await removeNames(svc, identity, bucket, prefixes);
  return c.json(removed);
}

/** DELETE /object/{bucket}/{name} */
export async function removeObject(svc: StorageService, c: Context, rest: string): Promise<Response> {
  const { bucket, name } = bucketAndName(rest);
  const identity = await svc.identify(c);
  const removed = await removeNames(svc, identity, bucket, [name]);
  if (removed.length === 0) throw errors.noSuchKey();
  return c.json({ message: 'Successfully deleted' });
}

const SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const;

function listOptions(body: Record<string, unknown>): ListOptions {
  const integer = (value: unknown, fallback: number, name: string, min: number, max: number) => {
    if (value === undefined || value === null) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
      throw errors.invalidParameter(name);
    }
    return Math.min(value, max);
  };
  const prefix = body.prefix ?? '';
  const search = body.search ?? '';
  if (typeof prefix !== 'string' || typeof search !== 'string' || search.length > 1024) {
    throw errors.invalidRequest('prefix and search must be strings');
  }
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  if (typeof sortBy !== 'object') throw errors.invalidParameter('sortBy');
  const column = sortBy.column ?? 'name';
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : (sortBy.order ?? 'asc');
  const knownColumn = SORT_COLUMNS.find((allowed) => allowed === column);
  if (!knownColumn) throw errors.invalidParameter('sortBy.column');
  if (order !== 'asc' && order !== 'desc') throw errors.invalidParameter('sortBy.order');
  return {
    prefix: validPrefix(prefix),
    search,
    limit: integer(body.limit, 100, 'limit', 1, 1000),
    offset: integer(body.offset, 0, 'offset', 0, Number.MAX_SAFE_INTEGER),
    column: knownColumn,
    order,
  };
}

/** POST /object/list/{bucket} */
export async function listObjects(svc: StorageService, c: Context, rest: string): Promise<Response> {
  const bucket = bucketOnly(rest);
  const identity = await svc.identify(c);
  const options = listOptions(await readJsonObject(c));
  const entries = await svc.asCaller(identity, (tx) => listLevel(tx, bucket, options));
  return c.json(entries);
}

function moveTarget(body: Record<string, unknown>) {
  const bucket = validBucketId(requiredString(body, 'bucketId'));
  const destinationBucket = body.destinationBucket;
  if (
    destinationBucket !== undefined &&
    destinationBucket !== null &&
    typeof destinationBucket !== 'string'
  ) {
    throw errors.invalidParameter('destinationBucket');
  }
  return {
    from: { bucket, name: validObjectName(requiredString(body, 'sourceKey')) },
    to: {
      bucket: destinationBucket ? validBucketId(destinationBucket) : bucket,
      name: validObjectName(requiredString(body, 'destinationKey')),
    },
  };
}

/** POST /object/move: renames the row as the caller (update policies), then moves the bytes. */
export async function moveObject(svc: StorageService, c: Context): Promise<Response> {
  const identity = await svc.identify(c);
  const { from, to } = moveTarget(await readJsonObject(c));
  // The bytes are copied inside the transaction; on failure the copy goes, on success the original.
  const copied: { version: string | null } = { version: null };
  const samePlace = from.bucket === to.bucket && from.name === to.name;
  try {
    await svc.asCaller(identity, async (tx) => {
      const row = await renameObject(tx, from, to);
      if (!row) throw errors.noSuchKey();
      const { bytes } = await readBlob(svc, { ...row, bucket_id: from.bucket, name: from.name });
      if (samePlace) return;
      await svc.blobs.put(to.bucket, to.name, row.version ?? '', bytes);
      copied.version = row.version;
    });
  } catch (error) {
    await dropBlob(svc, to.bucket, to.name, copied.version);
    throw error;
  }
  await dropBlob(svc, from.bucket, from.name, copied.version);
  return c.json({ message: 'Successfully moved' });
}

/** POST /object/copy: reads the source and writes the copy as the caller (`x-upsert` honoured). */
export async function copyObject(svc: StorageService, c: Context): Promise<Response> {
  const identity = await svc.identify(c);
  const { from, to } = moveTarget(await readJsonObject(c));
  const upsert = c.req.header('x-upsert') === 'true';
  const { owner, ownerId } = ownerOf(identity);
  const version = randomUUID();
  let written = false;
  try {
    const saved = await svc.asCaller(identity, async (tx) => {
      const { row: source, bytes } = await readBlob(svc, await findObject(tx, from.bucket, from.name));
      const object: NewObject = {
        bucket: to.bucket,
        name: to.name,
        owner,
        ownerId,
        version,
        metadata: source.metadata ? { ...source.metadata, lastModified: new Date().toISOString() } : null,
        userMetadata: source.user_metadata ?? null,
      };
      await svc.blobs.put(to.bucket, to.name, version, bytes);
      written = true;
      return upsert ? upsertObject(tx, object) : { id: await insertObject(tx, object), replaced: null };
    });
    if (saved.replaced !== version) await dropBlob(svc, to.bucket, to.name, saved.replaced);
    return c.json({ Id: saved.id, Key: `${to.bucket}/${to.name}` });
  } catch (error) {
    if (written) await dropBlob(svc, to.bucket, to.name, version);
    throw error;
  }
}
