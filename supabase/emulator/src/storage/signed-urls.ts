/**
 * Signed URLs as storage-api issues them: an HS256 JWT (the project's JWT secret) naming
 * `<bucket>/<name>` and an expiry. Signing asks the policies (the caller must be able to select the
 * object, or to insert it for an upload URL); using the URL needs no key, only the token.
 */
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Context } from 'hono';
import type { RequestIdentity } from '../db/request-context';
import { errors } from './errors';
import { readJsonObject } from './json-body';
import { bucketAndName, bucketOnly, validObjectName } from './object-key';
import { readBlob } from './object-handlers';
import { findObject } from './objects-db';
import { objectResponse } from './serve-object';
import { ownerOf, type StorageService } from './service';
import { probeUpload, storeUpload, type UploadTarget } from './upload-handler';

/** storage-api's lifetime of a signed upload URL: two hours. */
const UPLOAD_URL_SECONDS = 2 * 60 * 60;
const SERVICE_ROLE: RequestIdentity = { role: 'service_role', claims: { role: 'service_role' } };

function secret(svc: StorageService): Uint8Array {
  return new TextEncoder().encode(svc.ctx.keys.jwtSecret);
}

async function sign(svc: StorageService, claims: JWTPayload, seconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + seconds)
    .sign(secret(svc));
}

async function verify(svc: StorageService, c: Context, url: string): Promise<JWTPayload> {
  const token = new URL(c.req.url).searchParams.get('token');
  if (!token) throw errors.invalidSignature('Missing token');
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, secret(svc), { algorithms: ['HS256'] }));
  } catch (error) {
    const expired = error instanceof joseErrors.JWTExpired;
    throw errors.invalidJwt(expired ? 'jwt expired' : 'invalid signature');
  }
  if (payload.url !== url) throw errors.invalidSignature();
  return payload;
}

function expiresIn(body: Record<string, unknown>): number {
  const value = body.expiresIn;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw errors.invalidRequest("body must have required property 'expiresIn' (a positive integer)");
  }
  return Math.min(value, 10 * 365 * 24 * 60 * 60);
}

/** POST /object/sign/{bucket}/{name} { expiresIn } -> { signedURL } */
export async function signObjectUrl(svc: StorageService, c: Context, rest: string): Promise<Response> {
  const { bucket, name } = bucketAndName(rest);
  const identity = await svc.identify(c);
  const seconds = expiresIn(await readJsonObject(c));
  const row = await svc.asCaller(identity, (tx) => findObject(tx, bucket, name));
  if (!row) throw errors.noSuchKey();
  const url = `${bucket}/${name}`;
  const token = await sign(svc, { url }, seconds);
  return c.json({ signedURL: `/object/sign/${url}?token=${token}` });
}

/** POST /object/sign/{bucket} { expiresIn, paths } -> [{ error, path, signedURL }] */
export async function signObjectUrls(svc: StorageService, c: Context, rest: string): Promise<Response> {
  const bucket = bucketOnly(rest);
  const identity = await svc.identify(c);
  const body = await readJsonObject(c);
  const seconds = expiresIn(body);
  const paths = body.paths;
  if (
    !Array.isArray(paths) ||
    paths.length < 1 ||
    paths.length > 1000 ||
    !paths.every((p): p is string => typeof p === 'string')
  ) {
    throw errors.invalidRequest('paths must be an array of 1 to 1000 object names');
  }
  const visible = await svc.asCaller(identity, async (tx) => {
    const found = new Set<string>();
    const { rows } = await tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [bucket, paths],
    );
    for (const row of rows) found.add(row.name);
    return found;
  });
  const results = [];
  for (const path of paths) {
    if (!visible.has(path)) {
      results.push({
        error: 'Either the object does not exist or you do not have access to it',
        path,
        signedURL: null,
      });
      continue;
    }
    const url = `${bucket}/${path}`;
    const token = await sign(svc, { url }, seconds);
    results.push({ error: null, path, signedURL: `/object/sign/${url}?token=${token}` });
  }
  return c.json(results);
}

/** GET /object/sign/{bucket}/{name}?token=…: no key needed. */
export async function downloadSignedObject(svc: StorageService, c: Context, rest: string): Promise<Response> {
  const { bucket, name } = bucketAndName(rest);
  await verify(svc, c, `${bucket}/${name}`);
  const { row, bytes } = await readBlob(svc, await findObject(svc.ctx.engine, bucket, name));
  return objectResponse(c.req.raw, row, bytes, { crossOrigin: true });
}

/** POST /object/upload/sign/{bucket}/{name} -> { url, token }; the caller's insert rights are checked now. */
export async function signUploadUrl(svc: StorageService, c: Context, rest: string): Promise<Response> {
  const { bucket, name } = bucketAndName(rest);
  const identity = await svc.identify(c);
  if (!(await svc.bucket(bucket))) throw errors.noSuchBucket();
  const upsert = c.req.header('x-upsert') === 'true';
  const owner = ownerOf(identity);
  await probeUpload(svc, { bucket, name, upsert, identity, owner });
  const url = `${bucket}/${name}`;
  const token = await sign(svc, { url, owner: owner.ownerId ?? undefined, upsert }, UPLOAD_URL_SECONDS);
  return c.json({ url: `/object/upload/sign/${url}?token=${token}`, token });
}

/** PUT /object/upload/sign/{bucket}/{name}?token=…: stores the body as the signer, no key needed. */
export async function uploadToSignedUrl(svc: StorageService, c: Context, rest: string): Promise<Response> {
  const { bucket, name } = bucketAndName(rest);
  const payload = await verify(svc, c, `${bucket}/${name}`);
  validObjectName(name);
  const ownerId = typeof payload.owner === 'string' ? payload.owner : null;
  const target: UploadTarget = {
    bucket,
    name,
    upsert: payload.upsert === true,
    identity: SERVICE_ROLE,
    owner: ownerOf({ role: 'authenticated', claims: ownerId ? { sub: ownerId } : {} }),
  };
  const id = await storeUpload(svc, c, target);
  return c.json({ Id: id, Key: `${bucket}/${name}` });
}
