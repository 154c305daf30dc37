/**
 * Uploads: POST /object/{bucket}/{name} (create; upsert with `x-upsert: true`) and PUT (replace),
 * plus the shared path signed upload URLs use. As in storage-api, the policies are asked first (an
 * insert or upsert rolled back), then the body is read against the bucket's limits, the bytes are
 * written under a fresh version, and the row is written as the caller; a replaced version is deleted.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { RequestIdentity } from '../db/request-context';
import { errors } from './errors';
import { bucketAndName } from './object-key';
import { insertObject, upsertObject, type NewObject, type ObjectMetadata } from './objects-db';
import { dropBlob, ownerOf, type StorageService } from './service';
import { GLOBAL_FILE_SIZE_LIMIT, readUpload } from './upload-body';

/** Thrown inside a transaction to roll it back after a successful permission probe. */
class ProbeSucceeded extends Error {}

export interface UploadTarget {
  bucket: string;
  name: string;
  upsert: boolean;
  /** Who writes the row (the caller, or service_role for a signed upload URL). */
  identity: RequestIdentity;
  owner: { owner: string | null; ownerId: string | null };
}

/** Runs the insert or upsert the upload will do, as the caller, and rolls it back. */
export async function probeUpload(svc: StorageService, target: UploadTarget): Promise<void> {
  await svc
    .asCaller(target.identity, async (tx) => {
      const probe: NewObject = {
        bucket: target.bucket,
        name: target.name,
        ...target.owner,
        version: randomUUID(),
        metadata: null,
        userMetadata: null,
      };
      if (target.upsert) await upsertObject(tx, probe);
      else await insertObject(tx, probe);
      throw new ProbeSucceeded();
    })
    .catch((error: unknown) => {
      if (!(error instanceof ProbeSucceeded)) throw error;
    });
}

/** Reads the body against the bucket's limits and stores it; returns the object's id. */
export async function storeUpload(svc: StorageService, c: Context, target: UploadTarget): Promise<string> {
  const bucketRow = await svc.bucket(target.bucket);
  if (!bucketRow) throw errors.noSuchBucket();
  const bucketLimit = Number(bucketRow.file_size_limit ?? 0);
  const limit = bucketLimit > 0 ? Math.min(bucketLimit, GLOBAL_FILE_SIZE_LIMIT) : GLOBAL_FILE_SIZE_LIMIT;
  const file = await readUpload(c.req.raw, limit, bucketRow.allowed_mime_types);
  const size = file.bytes.byteLength;
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(file.bytes).digest('hex')}"`,
    size,
    mimetype: file.mimeType,
    cacheControl: file.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: size,
    httpStatusCode: 200,
  };
  const object: NewObject = {
    bucket: target.bucket,
    name: target.name,
    ...target.owner,
    version: randomUUID(),
    metadata,
    userMetadata: file.userMetadata ?? null,
  };

  await svc.blobs.put(target.bucket, target.name, object.version, file.bytes);
  let saved: { id: string; replaced: string | null };
  try {
    saved = await svc.asCaller(target.identity, async (tx) =>
      target.upsert ? upsertObject(tx, object) : { id: await insertObject(tx, object), replaced: null },
    );
  } catch (error) {
    await dropBlob(svc, target.bucket, target.name, object.version);
    throw error;
  }
  if (saved.replaced !== object.version) await dropBlob(svc, target.bucket, target.name, saved.replaced);
  return saved.id;
}

export async function uploadObject(
  svc: StorageService,
  c: Context,
  rest: string,
  method: 'POST' | 'PUT',
): Promise<Response> {
  const { bucket, name } = bucketAndName(rest);
  const identity = await svc.identify(c);
  if (!(await svc.bucket(bucket))) throw errors.noSuchBucket();
  const target: UploadTarget = {
    bucket,
    name,
    upsert: method === 'PUT' || c.req.header('x-upsert') === 'true',
    identity,
    owner: ownerOf(identity),
  };
  await probeUpload(svc, target);
  const id = await storeUpload(svc, c, target);
  return c.json({ Id: id, Key: `${bucket}/${name}` });
}
